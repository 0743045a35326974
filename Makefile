# The two set-up commands of the README: `make run` and `make test`.
BUILD ?= build
JOBS ?= $(shell nproc)
# What the build needs, then what the tests and `make fuzz`/`make deb` need,
# so that `make test` on a fresh Debian machine skips nothing: clang for
# the fuzz target, qemu-user for the emulator experiments, groff and man for
# the man page, the shells for completion, chromium and node for the
# browser tests, lintian for the package. .ci/run installs this list.
DEB_PACKAGES = g++ cmake make pkg-config libssl-dev openssl libsqlite3-dev libcli11-dev libfmt-dev \
               nlohmann-json3-dev libpugixml-dev libgtest-dev pci.ids g++-multilib \
               libpq-dev postgresql dpkg-dev file libcpp-httplib-dev \
               clang libclang-rt-14-dev qemu-user lintian groff-base man-db \
               bash-completion zsh fish chromium nodejs python3

.PHONY: all deps build run test test-sanitize clean format fuzz install uninstall deb

all: build

# Installs only what is missing (needs root or sudo when something is).
deps:
	@missing=$$(for p in $(DEB_PACKAGES); do dpkg-query -W -f='$${Status}\n' $$p 2>/dev/null | grep -q '^install ok installed' || echo $$p; done); \
	if [ -n "$$missing" ]; then \
	  echo "installing:$$missing"; \
	  SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq $$missing; \
	fi

$(BUILD)/CMakeCache.txt:
	cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=RelWithDebInfo

build: deps $(BUILD)/CMakeCache.txt
	cmake --build $(BUILD) -j $(JOBS)

# The main job: a quick benchmark of the classic suite, stored in the default database.
run: build
	$(BUILD)/speedlab run --quick --label quick-$$(date +%Y%m%d-%H%M%S)
	$(BUILD)/speedlab list

test: build
	cd $(BUILD) && ctest --output-on-failure -j $(JOBS)

# The same tests built with AddressSanitizer and UndefinedBehaviorSanitizer.
SAN_BUILD ?= build-sanitize
test-sanitize: deps
	cmake -S . -B $(SAN_BUILD) -DCMAKE_BUILD_TYPE=Debug -DSPEEDLAB_SANITIZE=ON
	cmake --build $(SAN_BUILD) -j $(JOBS)
	cd $(SAN_BUILD) && ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
	  ctest --output-on-failure -j $(JOBS)

format:
	clang-format -i $$(git ls-files 'src/*.cpp' 'src/*.h' 'tests/*.cpp' 'bench/*.cpp')

clean:
	rm -rf $(BUILD) $(SAN_BUILD) $(FUZZ_BUILD)

# The importer's libFuzzer target (clang), started from the test fixtures.
FUZZ_SECONDS ?= 60
FUZZ_BUILD ?= build-fuzz
fuzz:
	@command -v clang++ >/dev/null || { echo "fuzz: clang++ is needed (apt-get install clang libclang-rt-14-dev)"; exit 1; }
	CXX=clang++ cmake -S . -B $(FUZZ_BUILD) -DCMAKE_BUILD_TYPE=RelWithDebInfo -DSPEEDLAB_SANITIZE=ON -DSPEEDLAB_FUZZ=ON >/dev/null
	cmake --build $(FUZZ_BUILD) -j $(JOBS) --target fuzz_parse fuzz_bundle
	@for t in parse bundle; do \
	  rm -rf $(FUZZ_BUILD)/$$t-corpus && mkdir -p $(FUZZ_BUILD)/$$t-corpus; \
	  if [ $$t = parse ]; then cp tests/data/*.txt tests/data/corpus/* tests/data/misses/* tests/data/fuzz/* tests/data/bundles/*.json $(FUZZ_BUILD)/$$t-corpus/; \
	  else cp tests/data/bundles/*.json $(FUZZ_BUILD)/$$t-corpus/; fi; \
	  echo "fuzz_$$t: $(FUZZ_SECONDS) s"; \
	  $(FUZZ_BUILD)/fuzz_$$t -max_total_time=$(FUZZ_SECONDS) -max_len=65536 -timeout=10 -rss_limit_mb=2048 \
	    -print_final_stats=1 $(FUZZ_BUILD)/$$t-corpus > $(FUZZ_BUILD)/$$t-fuzz.log 2>&1; rc=$$?; \
	  tail -n 12 $(FUZZ_BUILD)/$$t-fuzz.log; \
	  if [ $$rc != 0 ]; then \
	    for c in ./crash-* ./leak-* ./timeout-* ./oom-*; do [ -f "$$c" ] && [ $$(stat -c %s "$$c") -le 6000 ] && \
	      { echo "the input, $$c, in base64:"; base64 -w 100 "$$c"; }; done; \
	    sed -n '/==ERROR\|runtime error\|deadly signal/,/SUMMARY/p' $(FUZZ_BUILD)/$$t-fuzz.log | head -n 60; \
	    exit $$rc; fi; \
	done

# make install: the binary, man page, bash/zsh/fish completion, kernels and docs
# under PREFIX (DESTDIR honoured), stripped. make uninstall removes exactly the
# files it installed (their list is kept in INSTALLED).
PREFIX ?= /usr/local
INSTALLED ?= $(BUILD)/installed-files.txt
install: build
	cmake --install $(BUILD) --prefix $(PREFIX) --strip
	sed 's|^|$(DESTDIR)|' $(BUILD)/install_manifest.txt > $(INSTALLED)

uninstall:
	@test -f $(INSTALLED) || { echo "uninstall: no make install recorded in $(INSTALLED)"; exit 1; }
	xargs -d '\n' rm -fv < $(INSTALLED)
	rm -f $(INSTALLED)

# The Debian package: $(BUILD)/speedlab_VERSION_ARCH.deb (apt install ./$(BUILD)/speedlab_*.deb).
deb: build
	cd $(BUILD) && cpack -G DEB
