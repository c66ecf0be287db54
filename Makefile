# jong: build, test, run, bench, install. `make help` lists the targets.

PREFIX   ?= /usr/local
BUILD    ?= build
CC       ?= cc
OPT      ?= -O2
SANITIZE ?=
LUA_PKG  := lua5.4
LUA_CFLAGS := $(shell pkg-config --cflags $(LUA_PKG) 2>/dev/null)
LUA_LIBS   := $(shell pkg-config --libs $(LUA_PKG) 2>/dev/null || echo -llua5.4)
# Programs link Debian's static liblua5.4.a (liblua5.4-dev) when it is there: the shared
# library is built -fPIC with semantic interposition, so every call between Lua's own
# functions goes through the PLT and none is inlined (linked in, jong.score costs ~40% less).
# -Wl,-E exports the Lua API to the C modules a program loads (cjson, lxp, zlib), as Lua's
# own interpreter is linked; --whole-archive keeps the API functions jong itself never calls.
LUA_STATIC := $(wildcard $(shell pkg-config --variable=libdir $(LUA_PKG) 2>/dev/null)/liblua5.4.a)
LUA_STATIC_LINK := -Wl,-E -Wl,--whole-archive $(LUA_STATIC) -Wl,--no-whole-archive
LUA_LINK   := $(if $(LUA_STATIC),$(LUA_STATIC_LINK),$(LUA_LIBS))
CFLAGS   ?=
CFLAGS   += -std=c11 $(OPT) -g -fPIC -fno-semantic-interposition -Wall -Wextra -Werror -D_POSIX_C_SOURCE=200809L \
            -DJONG_PREFIX='"$(PREFIX)"' $(SANITIZE)
LDFLAGS  += $(SANITIZE)

DEB_PACKAGES := gcc make pkg-config liblua5.4-dev lua5.4 lua-unit lua-cjson lua-expat lua-zlib libreadline-dev parallel librsvg2-bin clang time

CORE_SRC := $(filter-out core/gen_tables.c,$(wildcard core/*.c))
LUA_SRC  := $(filter-out lua/gen_prelude.c,$(wildcard lua/*.c))
REPL_SRC := $(wildcard repl/*.c)
TEST_SRC := $(wildcard tests/c/test_*.c)
BENCH_SRC := $(wildcard tests/bench/*.c)
GEN_TABLES := $(wildcard core/gen_tables.c)

CORE_OBJ := $(CORE_SRC:%.c=$(BUILD)/%.o) $(if $(GEN_TABLES),$(BUILD)/core/tables.o)
LUA_OBJ  := $(LUA_SRC:%.c=$(BUILD)/%.o) $(BUILD)/lua/prelude_bc.o $(BUILD)/lua/rules_bc.o
REPL_OBJ := $(REPL_SRC:%.c=$(BUILD)/%.o)
TEST_BIN := $(TEST_SRC:tests/c/%.c=$(BUILD)/tests/%)
# The prelude, in the order it runs (lua/module.c), compiled to bytecode at build time.
LUA_PRELUDE := lua/prelude.lua lua/sandbox.lua lua/loader.lua lua/game.lua lua/schema.lua
# The built-in rule files, compiled too: the loader uses the bytecode of a file only
# when the file it reads is byte-identical to the one compiled (lua/module.c, load_rule).
RULE_FILES := $(wildcard rules/*.lua rules/lib/*.lua)

.PHONY: all test check bench run deps install uninstall clean help fuzz fuzz-build fuzz-smoke
all: $(BUILD)/jong $(BUILD)/jong.so $(BUILD)/libjong.a $(TEST_BIN)

help:
	@echo "make          build $(BUILD)/jong, $(BUILD)/jong.so (Lua module), $(BUILD)/libjong.a"
	@echo "make run      build and open the REPL on the default variant"
	@echo "make test     build and run every test (C, LuaUnit, conformance); ends 'N passed, N failed'"
	@echo "make check    the same tests built with AddressSanitizer and UBSan (in build-check/), and a short fuzz run"
	@echo "make fuzz     the libFuzzer targets (tests/fuzz), each for FUZZ_TIME seconds ($(FUZZ_TIME)), in build-fuzz/"
	@echo "make bench    build and run the benchmark (tests/bench)"
	@echo "make deps     install missing Debian packages: $(DEB_PACKAGES)"
	@echo "make install  install program, Lua module and rules under PREFIX ($(PREFIX))"
	@echo "make clean    remove build/ and build-check/"

deps:
	@missing=""; for p in $(DEB_PACKAGES); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q 'ok installed' || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "installing:$$missing"; \
	  SUDO=; [ "$$(id -u)" = 0 ] || SUDO=sudo; \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq $$missing; \
	fi

$(BUILD)/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(LUA_CFLAGS) -Icore -Ilua -MMD -MP -c $< -o $@

# Lookup tables are generated at build time by core/gen_tables.c.
$(BUILD)/gen_tables: core/gen_tables.c core/tile.h
	@mkdir -p $(dir $@)
	$(CC) -std=c11 -O2 -Wall -Wextra -Werror -Icore $< -o $@
$(BUILD)/core/tables.c: $(BUILD)/gen_tables
	@mkdir -p $(dir $@)
	$(BUILD)/gen_tables > $@.tmp && mv $@.tmp $@
$(BUILD)/core/tables.o: $(BUILD)/core/tables.c
	$(CC) $(CFLAGS) -Icore -c $< -o $@

# The Lua prelude files are embedded as bytecode made by lua/gen_prelude.c (a state
# loads them without parsing).
$(BUILD)/gen_prelude: lua/gen_prelude.c
	@mkdir -p $(dir $@)
	$(CC) -std=c11 -O2 -Wall -Wextra -Werror $(LUA_CFLAGS) $< $(LUA_LIBS) -lm -o $@
$(BUILD)/lua/prelude_bc.c: $(BUILD)/gen_prelude $(LUA_PRELUDE)
	@mkdir -p $(dir $@)
	$(BUILD)/gen_prelude $(LUA_PRELUDE) > $@.tmp && mv $@.tmp $@
$(BUILD)/lua/prelude_bc.o: $(BUILD)/lua/prelude_bc.c lua/lj.h
	$(CC) $(CFLAGS) $(LUA_CFLAGS) -Icore -Ilua -c $< -o $@
$(BUILD)/lua/rules_bc.c: $(BUILD)/gen_prelude $(RULE_FILES)
	@mkdir -p $(dir $@)
	$(BUILD)/gen_prelude --rules $(RULE_FILES) > $@.tmp && mv $@.tmp $@
$(BUILD)/lua/rules_bc.o: $(BUILD)/lua/rules_bc.c lua/lj.h
	$(CC) $(CFLAGS) $(LUA_CFLAGS) -Icore -Ilua -c $< -o $@
$(BUILD)/repl/repl_embed.o $(BUILD)/repl/stats.o: $(wildcard repl/*.lua)
$(BUILD)/repl/replay.o $(BUILD)/repl/render.o: $(wildcard repl/*.lua)

$(BUILD)/libjong.a: $(CORE_OBJ) $(LUA_OBJ)
	@rm -f $@
	ar rcs $@ $^

$(BUILD)/jong: $(REPL_OBJ) $(BUILD)/libjong.a
	$(CC) $(LDFLAGS) $(REPL_OBJ) $(BUILD)/libjong.a $(LUA_LINK) -lreadline -ldl -lm -o $@

$(BUILD)/jong.so: $(CORE_OBJ) $(LUA_OBJ)
	$(CC) $(LDFLAGS) -shared $^ -ldl -lm -o $@

$(BUILD)/tests/%: tests/c/%.c $(BUILD)/libjong.a
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(LUA_CFLAGS) -Icore -Ilua -Itests/c -MMD -MP $< $(BUILD)/libjong.a $(LUA_LINK) -ldl -lm $(LDFLAGS) -o $@

$(BUILD)/bench: $(BENCH_SRC) $(wildcard tests/bench/*.h) $(BUILD)/libjong.a
	$(CC) $(CFLAGS) $(LUA_CFLAGS) -Icore -Ilua $(BENCH_SRC) $(BUILD)/libjong.a $(LUA_LINK) -lm $(LDFLAGS) -o $@

test: deps
	@$(MAKE) --no-print-directory all
	@BUILD=$(BUILD) sh tests/run.sh

check: deps
	@$(MAKE) --no-print-directory BUILD=build-check OPT=-O1 \
	  SANITIZE="-fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all" all
	@BUILD=build-check JONG_CHECK=1 ASAN_OPTIONS=detect_leaks=1 sh tests/run.sh
	@$(MAKE) --no-print-directory fuzz-smoke

# libFuzzer targets (clang): notation, `jong analyze` input, `jong score` JSON, random
# actions against random hooks. Each runs from its seed corpus (tests/fuzz/corpus/T) and
# what earlier runs found (build-fuzz/corpus/T).
FUZZ_TIME    ?= 60
FUZZ_RUNS    ?= 400
FUZZ_BUILD   := build-fuzz
FUZZ_TARGETS := notation analyze score actions
FUZZ_SAN     := -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all
FUZZ_BINS    := $(FUZZ_TARGETS:%=$(FUZZ_BUILD)/fuzz_%)

fuzz-build:
	@$(MAKE) --no-print-directory BUILD=$(FUZZ_BUILD) CC=clang OPT=-O1 \
	  SANITIZE="-fsanitize=fuzzer-no-link $(FUZZ_SAN) -Wno-error" $(FUZZ_BUILD)/libjong.a $(FUZZ_BUILD)/repl/analyze.o
	@$(MAKE) --no-print-directory $(FUZZ_BINS)

$(FUZZ_BUILD)/fuzz_%: tests/fuzz/fuzz_%.c $(FUZZ_BUILD)/libjong.a
	clang -std=c11 -O1 -g -Wall -Wextra -Werror -D_POSIX_C_SOURCE=200809L -fsanitize=fuzzer $(FUZZ_SAN) \
	  $(LUA_CFLAGS) -Icore -Ilua -Irepl $< $(if $(filter fuzz_analyze,$(notdir $@)),$(FUZZ_BUILD)/repl/analyze.o) \
	  $(FUZZ_BUILD)/libjong.a $(LUA_LINK) -ldl -lm -o $@

fuzz: deps fuzz-build
	@for t in $(FUZZ_TARGETS); do mkdir -p $(FUZZ_BUILD)/corpus/$$t; echo "fuzz_$$t: $(FUZZ_TIME) s"; \
	  ASAN_OPTIONS=detect_leaks=0 $(FUZZ_BUILD)/fuzz_$$t -max_total_time=$(FUZZ_TIME) -timeout=20 -rss_limit_mb=4096 \
	    -artifact_prefix=$(FUZZ_BUILD)/ -print_final_stats=1 $(FUZZ_BUILD)/corpus/$$t tests/fuzz/corpus/$$t \
	    >$(FUZZ_BUILD)/fuzz_$$t.log 2>&1 || { echo "FAIL fuzz_$$t (input in $(FUZZ_BUILD)/)"; tail -40 $(FUZZ_BUILD)/fuzz_$$t.log; exit 1; }; \
	  grep -E "number_of_executed_units" $(FUZZ_BUILD)/fuzz_$$t.log; done

# A short run of every target, for make check.
fuzz-smoke: fuzz-build
	@for t in $(FUZZ_TARGETS); do mkdir -p $(FUZZ_BUILD)/corpus/$$t; \
	  ASAN_OPTIONS=detect_leaks=0 $(FUZZ_BUILD)/fuzz_$$t -runs=$(FUZZ_RUNS) -timeout=20 -rss_limit_mb=4096 \
	    -artifact_prefix=$(FUZZ_BUILD)/ $(FUZZ_BUILD)/corpus/$$t tests/fuzz/corpus/$$t >$(FUZZ_BUILD)/smoke_$$t.log 2>&1 \
	    && echo "ok   fuzz_$$t ($(FUZZ_RUNS) runs)" || { echo "FAIL fuzz_$$t"; tail -30 $(FUZZ_BUILD)/smoke_$$t.log; exit 1; }; done

bench: deps
	@$(MAKE) --no-print-directory $(BUILD)/bench $(BUILD)/jong
	@cd . && $(BUILD)/bench

run: deps
	@$(MAKE) --no-print-directory $(BUILD)/jong
	@$(BUILD)/jong

install: all
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/lib/lua/5.4 $(DESTDIR)$(PREFIX)/share/jong/rules
	install -m 755 $(BUILD)/jong $(DESTDIR)$(PREFIX)/bin/jong
	install -m 644 $(BUILD)/jong.so $(DESTDIR)$(PREFIX)/lib/lua/5.4/jong.so
	cp -R rules/. $(DESTDIR)$(PREFIX)/share/jong/rules/

uninstall:
	rm -rf $(DESTDIR)$(PREFIX)/bin/jong $(DESTDIR)$(PREFIX)/lib/lua/5.4/jong.so $(DESTDIR)$(PREFIX)/share/jong

clean:
	rm -rf build build-check build-fuzz

-include $(shell find $(BUILD) -name '*.d' 2>/dev/null)
