# OpenTextKit: `make run` and `make test` are the README's Quick start; both install what is missing.
SWIFT ?= swift
SAMPLE ?= Samples/sample.otk.json

.PHONY: deps build run test bench release clean

deps:
	@bash scripts/install-deps.sh

build: deps
	$(SWIFT) build

# The bundled sample drawn to a PNG (the README's picture), with one paragraph flowing around
# an exclusion rectangle on both sides.
PICTURE ?= Samples/sample.png
run: deps
	$(SWIFT) build --product otk
	$$($(SWIFT) build --show-bin-path)/otk render $(SAMPLE) -o $(PICTURE) --scale 2 \
	  --exclusion 215,370,170,56 --exclusion-color "#DCE8F5"
	@echo "The sample is drawn in $(CURDIR)/$(PICTURE)"

test: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

release: deps
	$(SWIFT) build -c release --product otk

# On the repository's fixtures (Genesis), or on the full corpus with CORPUS=folder
# (e.g. CORPUS=../shared/corpus make bench); the benchmarks say which they read.
bench: deps
	@echo "Benchmark corpus: $(if $(CORPUS),$(abspath $(CORPUS)),Tests/Fixtures (set CORPUS=folder for the full corpus))"
	cd Benchmarks && CORPUS="$(if $(CORPUS),$(abspath $(CORPUS)),)" $(SWIFT) package --allow-writing-to-package-directory benchmark --no-progress

clean:
	rm -rf .build Benchmarks/.build
