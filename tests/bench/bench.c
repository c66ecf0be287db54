/* The benchmark program (make bench): every part prints its figures. */
void bench_core(void);

int main(void)
{
    bench_core();
    return 0;
}
