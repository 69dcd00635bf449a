package layers

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// may is what each kind may import directly, for the kinds whose imports
// are bounded; the others may import any kind but Local (Lambda, Infra:
// checked on everything they link, mayLink).
var may = map[Kind][]Kind{
	Domain:   {Domain},
	Support:  {Domain},
	Adapter:  {Domain, Support},
	Renderer: {Domain, Support, Renderer},
	Service:  {Domain, Support, Renderer, Service},
	Config:   {Domain, Config},
}

// mayLink is what a kind's binary may link at all, directly or not.
var mayLink = map[Kind][]Kind{
	Lambda: {Domain, Support, Adapter, Renderer, Service, Handler, Wiring, Lambda},
	Infra:  {Domain, Config, Infra},
}

// importsLocal are the kinds that may import a local stand-in.
var importsLocal = []Kind{Local, Tool, Bench}

// pkg is what `go list -json` says of one package.
type pkg struct {
	ImportPath string
	Imports    []string
	Deps       []string
}

// root is the Go workspace's folder (the repository).
func root(t *testing.T) string {
	t.Helper()
	out, err := exec.Command("go", "env", "GOWORK").Output()
	if err != nil {
		t.Fatalf("go env GOWORK: %v", err)
	}
	work := strings.TrimSpace(string(out))
	if work == "" || work == "off" {
		t.Fatal("go env GOWORK: no workspace; run from the repository")
	}
	return filepath.Dir(work)
}

// list runs `go list -deps`'s package data over the workspace: each
// package's direct imports and everything it links (production code only:
// test files may import anything).
func list(t *testing.T, dir string) []pkg {
	t.Helper()
	cmd := exec.Command("go", "list", "-json=ImportPath,Imports,Deps", "./shared/...", "./functions/...", "./infra/...")
	cmd.Dir = dir
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, stderr.String())
	}
	var pkgs []pkg
	dec := json.NewDecoder(bytes.NewReader(out))
	for {
		var p pkg
		if err := dec.Decode(&p); errors.Is(err, io.EOF) {
			break
		} else if err != nil {
			t.Fatalf("go list output: %v", err)
		}
		pkgs = append(pkgs, p)
	}
	return pkgs
}

func ours(path string) bool { return strings.HasPrefix(path, "forecourt/") }

// violations checks pkgs against the kinds: one line per forbidden import,
// naming the importer, the import and both kinds.
func violations(pkgs []pkg, kinds map[string]Kind) []string {
	var bad []string
	seen := map[string]bool{}
	for _, p := range pkgs {
		seen[p.ImportPath] = true
		kind, ok := kinds[p.ImportPath]
		if !ok {
			bad = append(bad, fmt.Sprintf("%s has no kind: add it to layers.Packages and README.md \"Where things live\"", p.ImportPath))
			continue
		}
		for _, imp := range p.Imports {
			if !ours(imp) {
				continue
			}
			ik := kinds[imp]
			if allowed, bounded := may[kind]; bounded && !slices.Contains(allowed, ik) {
				bad = append(bad, fmt.Sprintf("%s (%s) imports %s (%s)", p.ImportPath, kind, imp, ik))
			}
			if ik == Local && !slices.Contains(importsLocal, kind) {
				bad = append(bad, fmt.Sprintf("%s (%s) imports the local stand-in %s", p.ImportPath, kind, imp))
			}
		}
		if allowed, bounded := mayLink[kind]; bounded {
			for _, dep := range p.Deps {
				if ours(dep) && !slices.Contains(allowed, kinds[dep]) {
					bad = append(bad, fmt.Sprintf("%s (%s) links %s (%s)", p.ImportPath, kind, dep, kinds[dep]))
				}
			}
		}
	}
	for path := range kinds {
		if !seen[path] {
			bad = append(bad, fmt.Sprintf("layers.Packages names %s, which is not a package of the workspace", path))
		}
	}
	slices.Sort(bad)
	return bad
}

// Issue 36: adapters do not import adapters, the production Lambdas link
// no local stand-in (the search engine above all), tool or benchmark, the
// CDK app links no runtime code, and every package has a declared kind.
func TestImports(t *testing.T) {
	for _, v := range violations(list(t, root(t)), Packages) {
		t.Error(v)
	}
}

// The check itself: each rule names the import that breaks it.
func TestViolations(t *testing.T) {
	kinds := map[string]Kind{
		"forecourt/d": Domain, "forecourt/a1": Adapter, "forecourt/a2": Adapter, "forecourt/s": Service,
		"forecourt/l": Local, "forecourt/main": Lambda, "forecourt/infra": Infra, "forecourt/sup": Support,
		"forecourt/h": Handler,
	}
	for _, tt := range []struct {
		name string
		pkgs []pkg
		want []string
	}{
		{"clean", []pkg{
			{ImportPath: "forecourt/a1", Imports: []string{"forecourt/d", "forecourt/sup", "fmt"}},
			{ImportPath: "forecourt/main", Imports: []string{"forecourt/s"}, Deps: []string{"forecourt/s", "forecourt/a1", "forecourt/d"}},
			{ImportPath: "forecourt/infra", Deps: []string{"forecourt/d"}},
		}, nil},
		{"adapter imports adapter", []pkg{{ImportPath: "forecourt/a1", Imports: []string{"forecourt/a2"}}},
			[]string{"forecourt/a1 (adapter) imports forecourt/a2 (adapter)"}},
		{"domain imports service", []pkg{{ImportPath: "forecourt/d", Imports: []string{"forecourt/s"}}},
			[]string{"forecourt/d (domain) imports forecourt/s (service)"}},
		{"service imports adapter", []pkg{{ImportPath: "forecourt/s", Imports: []string{"forecourt/d", "forecourt/sup", "forecourt/a1"}}},
			[]string{"forecourt/s (service) imports forecourt/a1 (adapter)"}},
		{"handler imports a stand-in", []pkg{{ImportPath: "forecourt/h", Imports: []string{"forecourt/l"}}},
			[]string{"forecourt/h (handler) imports the local stand-in forecourt/l"}},
		{"lambda links a stand-in", []pkg{{ImportPath: "forecourt/main", Imports: []string{"forecourt/s"}, Deps: []string{"forecourt/s", "forecourt/l"}}},
			[]string{"forecourt/main (lambda) links forecourt/l (local stand-in)"}},
		{"infra links runtime code", []pkg{{ImportPath: "forecourt/infra", Imports: []string{"forecourt/d"}, Deps: []string{"forecourt/d", "forecourt/a1"}}},
			[]string{"forecourt/infra (infra) links forecourt/a1 (adapter)"}},
		{"undeclared package", []pkg{{ImportPath: "forecourt/new"}},
			[]string{`forecourt/new has no kind: add it to layers.Packages and README.md "Where things live"`}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			declared := map[string]Kind{}
			for _, p := range tt.pkgs {
				if k, ok := kinds[p.ImportPath]; ok {
					declared[p.ImportPath] = k
				}
			}
			// Every imported package is declared too, so only the rule under
			// test speaks (a stale row is tested by TestImports).
			for _, p := range tt.pkgs {
				for _, imp := range append(slices.Clone(p.Imports), p.Deps...) {
					if k, ok := kinds[imp]; ok {
						declared[imp] = k
					}
				}
			}
			var listed []pkg
			listed = append(listed, tt.pkgs...)
			for path := range declared {
				if !slices.ContainsFunc(listed, func(p pkg) bool { return p.ImportPath == path }) {
					listed = append(listed, pkg{ImportPath: path})
				}
			}
			if got := violations(listed, declared); !slices.Equal(got, tt.want) {
				t.Errorf("violations:\n got %q\nwant %q", got, tt.want)
			}
		})
	}
}

// readmeRow is a row of README.md "Where things live": | `path` | kind | what |.
var readmeRow = regexp.MustCompile("^\\| `([^`]+)/?` \\| ([a-z -]+) \\|")

// README.md "Where things live" names every package with its kind, as
// Packages declares it, and no package that is gone.
func TestReadmeNamesEveryPackage(t *testing.T) {
	f, err := os.Open(filepath.Join(root(t), "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows := map[string]Kind{}
	in := false
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "## ") {
			in = line == "## Where things live"
			continue
		}
		if m := readmeRow.FindStringSubmatch(line); in && m != nil {
			rows["forecourt/"+strings.TrimSuffix(m[1], "/")] = Kind(m[2])
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	for path, kind := range Packages {
		got, ok := rows[path]
		switch {
		case !ok:
			t.Errorf("README.md \"Where things live\" does not name %s (%s)", strings.TrimPrefix(path, "forecourt/"), kind)
		case got != kind:
			t.Errorf("README.md \"Where things live\" says %s is %s; layers.Packages says %s", strings.TrimPrefix(path, "forecourt/"), got, kind)
		}
	}
	for path := range rows {
		if _, ok := Packages[path]; !ok {
			t.Errorf("README.md \"Where things live\" names %s, which layers.Packages does not declare", strings.TrimPrefix(path, "forecourt/"))
		}
	}
}
