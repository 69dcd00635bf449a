package httpapi

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// checkGolden compares each painted page's files (name -> content) with
// testdata, or rewrites them with -update; test names the Go test to run
// with -update and webTest the Vitest golden that renders the same fixture.
func checkGolden(t *testing.T, test, webTest string, files map[string][]byte) {
	t.Helper()
	for file, got := range files {
		file = filepath.Join("testdata", file)
		if *updateGolden {
			if err := os.WriteFile(file, got, 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		want, err := os.ReadFile(file)
		if err != nil {
			t.Fatalf("%v (run go test ./functions/httpapi -run %s -update)", err, test)
		}
		if !bytes.Equal(want, got) {
			t.Errorf("%s is stale: run go test ./functions/httpapi -run %s -update, and the web's %s", file, test, webTest)
		}
	}
}
