/* build/jong: the REPL and the subcommands. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "commands.h"

static void usage(FILE *out)
{
    fputs("usage: jong [COMMAND] [ARGS]\n"
          "\n"
          "With no command, opens the interactive REPL on the default variant;\n"
          "`jong --rules R` opens it on R (a ruleset name or a rule file).\n"
          "\n"
          "commands:\n"
          "  analyze [--rules R | --tiles 13|16] HAND|-\n"
          "                        shanten, waits and decompositions of hands, as JSON\n"
          "  score FILE|-          score situations given as JSON (see docs/formats.md)\n"
          "  sim [--rules R] [--games N] [--seed S] [--bots default|greedy|random]\n"
          "      [--shard K/N] [--stats FILE] [--check every|end|none] [--deals D] [--log FILE]\n"
          "                        self-play checking every invariant, with statistics\n"
          "  stats FILE | A B | --merge SHARD... [-o OUT] [--svg OUT.svg]\n"
          "                        show, compare or merge self-play statistics\n"
          "  replay --check [--rules R] [--option NAME=VALUE ...] FILE...\n"
          "                        replay Tenhou (mjlog, tenhou.net/6), mjai or jong logs and\n"
          "                        check every action and result\n"
          "  export --to tenhou6|mjai [-o OUT] FILE\n"
          "                        write a game record as tenhou.net/6 JSON or mjai\n"
          "  mjai [--rules R] [--seed S] [--games N] [--timeout MS] [--log FILE] --bot CMD ...\n"
          "                        a match with external mjai bots in seats 0, 1, ...\n"
          "  render [--at N] [--bottom SEAT] [-o FILE.svg] SAVED\n"
          "                        the table of a saved game or a record as SVG\n"
          "  test FILE.lua [ARGS]  run a LuaUnit test or script with the jong module loaded\n"
          "  run FILE.lua [ARGS]   run a Lua script with the jong module loaded\n"
          "  help                  this text; `jong COMMAND --help` for a command\n", out);
}

int main(int argc, char **argv)
{
    if (argc < 2 || !strcmp(argv[1], "--rules"))
        return cmd_repl(argc, argv);
    const char *cmd = argv[1];
    if (!strcmp(cmd, "analyze"))
        return cmd_analyze(argc - 1, argv + 1);
    if (!strcmp(cmd, "score"))
        return cmd_score(argc - 1, argv + 1);
    if (!strcmp(cmd, "sim"))
        return cmd_sim(argc - 1, argv + 1);
    if (!strcmp(cmd, "stats"))
        return cmd_stats(argc - 1, argv + 1);
    if (!strcmp(cmd, "replay"))
        return cmd_replay(argc - 1, argv + 1);
    if (!strcmp(cmd, "export"))
        return cmd_export(argc - 1, argv + 1);
    if (!strcmp(cmd, "mjai"))
        return cmd_mjai(argc - 1, argv + 1);
    if (!strcmp(cmd, "render"))
        return cmd_render(argc - 1, argv + 1);
    if (!strcmp(cmd, "test") || !strcmp(cmd, "run"))
        return cmd_script(argc - 1, argv + 1);
    if (!strcmp(cmd, "help") || !strcmp(cmd, "--help") || !strcmp(cmd, "-h")) {
        usage(stdout);
        return 0;
    }
    fprintf(stderr, "jong: unknown command '%s'\n", cmd);
    usage(stderr);
    return 2;
}
