/* The benchmark program (make bench): every part prints its figures as
 * "name value unit" lines. Run from the source tree's top. */
void bench_core(void);
void bench_game(void);
void bench_lua(void);

int main(void)
{
    bench_core();
    bench_game();
    bench_lua();
    return 0;
}
