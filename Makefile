# OpenTextKit: `make run` and `make test` are the README's Quick start; both install what is missing.
SWIFT ?= swift
SAMPLE ?= Samples/sample.otk.json

.PHONY: deps build run test lint format bench pango-baseline docs release clean edit screenshot bench-view

deps:
	@bash scripts/install-deps.sh
	@pkg-config --exists gtk4 2>/dev/null || echo "GTK 4 is not installed: the view (OpenTextKitGTK) and otk-editor are not built; the engine is."

build: deps
	$(SWIFT) build

# The bundled sample drawn to a PNG (the README's picture), with one paragraph flowing around
# an exclusion rectangle on both sides.
PICTURE ?= Samples/sample.png
# And a page of GitHub-flavoured Markdown drawn with its presentation intents.
MARKDOWN_SAMPLE ?= Samples/sample.md
MARKDOWN_PICTURE ?= Samples/sample-markdown.png
run: deps
	$(SWIFT) build --product otk
	$$($(SWIFT) build --show-bin-path)/otk render $(SAMPLE) -o $(PICTURE) --scale 2 \
	  --exclusion 215,370,170,56 --exclusion-color "#DCE8F5"
	$$($(SWIFT) build --show-bin-path)/otk render $(MARKDOWN_SAMPLE) -o $(MARKDOWN_PICTURE) --scale 2
	@echo "The sample is drawn in $(CURDIR)/$(PICTURE), its Markdown page in $(CURDIR)/$(MARKDOWN_PICTURE)"

test: deps lint
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

# swift-format (part of the toolchain) with the checked-in .swift-format: the layout of every
# Swift file, lines of at most 120 columns. `make format` rewrites the files to it.
FORMATTED = Sources Tests Examples Benchmarks/Benchmarks Package.swift
lint:
	$(SWIFT) format lint --strict --recursive $(FORMATTED)

format:
	$(SWIFT) format format --in-place --recursive $(FORMATTED)

# The DocC catalogs of every module (Sources/<Module>/<Module>.docc), as one static site per
# module in docs/<Module>; swift-docc-plugin is added to the package only for this.
DOC_TARGETS = OpenTextKit TextContent TextTypography TextLayout TextRendering TextEditing TextMarkdown FileOutput TextMeasurement
docs: deps
	@mkdir -p docs; for target in $(DOC_TARGETS); do \
	  OTK_DOCS=1 $(SWIFT) package --allow-writing-to-directory docs/$$target generate-documentation \
	    --target $$target --disable-indexing --transform-for-static-hosting --output-path docs/$$target || exit 1; \
	done
	@echo "The documentation is in $(CURDIR)/docs/<Module>/index.html"

release: deps
	$(SWIFT) build -c release --product otk

# On the repository's fixtures (Genesis), or on the full corpus with CORPUS=folder
# (CORPUS=folder make bench, the folder holding en_kjv_verses.txt); the benchmarks say which they read.
bench: deps
	@echo "Benchmark corpus: $(if $(CORPUS),$(abspath $(CORPUS)),Tests/Fixtures (set CORPUS=folder for the full corpus))"
	cd Benchmarks && CORPUS="$(if $(CORPUS),$(abspath $(CORPUS)),)" $(SWIFT) package --allow-writing-to-package-directory benchmark --no-progress

# Pango's line breaking of FILE (by default the KJV fixture), the reference the layout figure is
# given beside: `make pango-baseline FILE=../shared/corpus/en_kjv_verses.txt`. Needs
# libpango1.0-dev (installed here if missing); not part of `make test`.
PANGO_FILE ?= $(if $(FILE),$(FILE),Tests/Fixtures/kjv-genesis.txt)
pango-baseline:
	@pkg-config --exists pangocairo || { S=$$([ "$$(id -u)" = 0 ] || echo sudo); $$S apt-get update -qq && \
		DEBIAN_FRONTEND=noninteractive $$S apt-get install -y -qq --no-install-recommends libpango1.0-dev; }
	@mkdir -p .build
	cc -O2 Benchmarks/Pango/pango-layout-lines.c $$(pkg-config --cflags --libs pangocairo) -o .build/pango-layout-lines
	.build/pango-layout-lines "$(PANGO_FILE)" "DejaVu Sans 13" 590

# The editor on FILE (default: the Genesis fixture), in a window on this machine's display.
edit: deps
	$(SWIFT) build --product otk-editor
	$$($(SWIFT) build --show-bin-path)/otk-editor "$(if $(FILE),$(FILE),Tests/Fixtures/kjv-genesis.txt)"

# The view beside GTK's own GtkTextView on FILE (default: 25 copies of the KJV in
# CORPUS=folder, else the Genesis fixture), under Xvfb, with GSK_RENDERER (cairo by default;
# default for each program's own choice;
# gl for GTK's GL renderer): first frame, memory, frame times while scrolling, key to frame.
bench-view: deps
	$(SWIFT) build -c release --product otk-editor
	@mkdir -p .build
	cc -O2 Benchmarks/GtkTextView/gtk-text-view-bench.c $$(pkg-config --cflags --libs gtk4) -o .build/gtk-text-view-bench
	@file="$(FILE)"; if [ -z "$$file" ] && [ -n "$(CORPUS)" ]; then file=.build/kjv-25.txt; \
	  for i in $$(seq 25); do cat "$(CORPUS)/en_kjv_verses.txt"; done > $$file; fi; \
	  bash scripts/view-benchmark.sh "$$($(SWIFT) build -c release --show-bin-path)/otk-editor" \
	    .build/gtk-text-view-bench "$${file:-Tests/Fixtures/kjv-genesis.txt}"

# The README's picture of the editor (Samples/editor.png), taken in a virtual display (Xvfb).
screenshot: deps
	$(SWIFT) build --product otk-editor
	bash scripts/screenshot.sh "$$($(SWIFT) build --show-bin-path)/otk-editor" Samples/editor.png

clean:
	rm -rf .build Benchmarks/.build docs
