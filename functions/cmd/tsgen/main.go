// Command tsgen writes web/src/lib/types.ts, the TypeScript form of the Go
// types the web receives (GET /api/site, GET /api/cars/{slug}, search hits),
// so the web's types are generated, never hand-copied. The mapping rules are
// those of package forecourt/functions/internal/tsgen; the types are listed
// in roots.go.
//
//	cd functions && go generate ./cmd/tsgen      # or: make types
//	go run ./cmd/tsgen -o -                       # print instead of writing
//
// scripts/test.sh fails when the checked-in file differs from a fresh run.
package main

//go:generate go run . -o ../../../web/src/lib/types.ts

import (
	"flag"
	"fmt"
	"os"

	"forecourt/functions/internal/genfile"
	"forecourt/functions/internal/tsgen"
)

func main() {
	out := flag.String("o", "-", "file to write, - for standard output")
	flag.Parse()
	if err := run(*out); err != nil {
		fmt.Fprintln(os.Stderr, "tsgen:", err)
		os.Exit(1)
	}
}

func run(out string) error {
	b, err := tsgen.Generate(config())
	if err != nil {
		return err
	}
	if out == "-" {
		_, err = os.Stdout.Write(b)
		return err
	}
	return genfile.WriteIfChanged(out, b)
}
