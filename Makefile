# OpenTextKit: `make run` and `make test` are the README's Quick start; both install what is missing.
SWIFT ?= swift
SAMPLE ?= Samples/sample.otk.json

.PHONY: deps build run test bench release clean

deps:
	@bash scripts/install-deps.sh

build: deps
	$(SWIFT) build

run: deps
	$(SWIFT) build --product otk
	$$($(SWIFT) build --show-bin-path)/otk stats $(SAMPLE)

test: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

release: deps
	$(SWIFT) build -c release --product otk

bench: deps
	cd Benchmarks && $(SWIFT) package --allow-writing-to-package-directory benchmark --no-progress

clean:
	rm -rf .build Benchmarks/.build
