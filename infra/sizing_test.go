package main

import (
	"bufio"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"forecourt/infra/constructs/api"
)

var sizingRow = regexp.MustCompile("^\\| `([a-z]+)` \\| ([0-9]+) \\| ([0-9]+) \\| (.+) \\|$")

// Issue 15 "Lambda memory and timeout chosen from measurement and written
// down": docs/operations.md's sizing table names every function with the
// memory and timeout the platform stack gives it, and what the choice
// rests on; the two cannot drift apart.
func TestLambdaSizingMatchesOperations(t *testing.T) {
	f, err := os.Open("../docs/operations.md")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	type size struct {
		memory, timeout int
		basis           string
	}
	doc := map[string]size{}
	in := false
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "## ") {
			in = line == "## Lambda memory and timeouts"
			continue
		}
		if m := sizingRow.FindStringSubmatch(line); in && m != nil {
			mem, _ := strconv.Atoi(m[2])
			to, _ := strconv.Atoi(m[3])
			doc[m[1]] = size{mem, to, m[4]}
		}
	}
	if len(doc) == 0 {
		t.Fatal(`docs/operations.md has no "## Lambda memory and timeouts" table`)
	}
	s := synth(t)
	var names []string // every platform function, uploads (the ingest binary) too
	for _, fn := range appFunctions(s) {
		d, _ := path(fn, "Properties", "Description").(string)
		names = append(names, strings.TrimPrefix(d, "Forecourt "))
	}
	if len(names) <= len(api.Names()) {
		t.Fatalf("functions %v: the uploads function is missing", names)
	}
	for _, name := range names {
		t.Run(name, func(t *testing.T) {
			want, ok := doc[name]
			if !ok {
				t.Fatalf("docs/operations.md's sizing table has no row for %s", name)
			}
			fn := appFunction(t, s, name)
			if got, _ := path(fn, "Properties", "MemorySize").(float64); int(got) != want.memory {
				t.Errorf("%s: memory %v MB, the table says %d", name, got, want.memory)
			}
			if got, _ := path(fn, "Properties", "Timeout").(float64); int(got) != want.timeout {
				t.Errorf("%s: timeout %v s, the table says %d", name, got, want.timeout)
			}
			if len(want.basis) < 20 {
				t.Errorf("%s: the table does not say what its size rests on: %q", name, want.basis)
			}
		})
	}
	for name := range doc {
		found := false
		for _, n := range names {
			found = found || n == name
		}
		if !found {
			t.Errorf("docs/operations.md sizes %s, which the platform does not have", name)
		}
	}
}
