// Command tenantschema writes infra/tenant.schema.json, the JSON Schema of a
// tenant file, generated from shared.Site (package
// forecourt/functions/internal/tenantschema), so the schema editors use is
// never hand-copied.
//
//	cd functions && go generate ./cmd/tenantschema   # or: make types
//	go run ./cmd/tenantschema -o -                    # print instead of writing
//
// scripts/test.sh fails when the checked-in file differs from a fresh run.
package main

//go:generate go run . -root ../../.. -o ../../../infra/tenant.schema.json

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"

	"forecourt/functions/internal/genfile"
	"forecourt/functions/internal/tenantschema"
)

func main() {
	root := flag.String("root", "..", "the repository root (for shared/'s comments)")
	out := flag.String("o", "-", "file to write, - for standard output")
	flag.Parse()
	if err := run(*root, *out); err != nil {
		fmt.Fprintln(os.Stderr, "tenantschema:", err)
		os.Exit(1)
	}
}

func run(root, out string) error {
	if out != "-" {
		abs, err := filepath.Abs(out)
		if err != nil {
			return err
		}
		out = abs
	}
	// The comment reader names packages by their folder as given: read
	// shared's from inside it (tenantschema.Generate).
	if err := os.Chdir(filepath.Join(root, "shared")); err != nil {
		return err
	}
	b, err := tenantschema.Generate(".")
	if err != nil {
		return err
	}
	if out == "-" {
		_, err = os.Stdout.Write(b)
		return err
	}
	return genfile.WriteIfChanged(out, b)
}
