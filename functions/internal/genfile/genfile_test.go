package genfile

import (
	"os"
	"path/filepath"
	"testing"
	"time"
)

// Issue 36 (the generators' shared write-if-changed): a generated file is
// written when missing or different, and left alone, modification time
// included, when it already holds the content.
func TestWriteIfChanged(t *testing.T) {
	old := time.Date(2020, 1, 2, 3, 4, 5, 0, time.UTC)
	for _, tt := range []struct {
		name      string
		existing  *string
		write     string
		wantMtime bool // the old modification time survives
	}{
		{"missing", nil, "a", false},
		{"unchanged", ptr("a"), "a", true},
		{"changed", ptr("a"), "b", false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "out.ts")
			if tt.existing != nil {
				if err := os.WriteFile(path, []byte(*tt.existing), 0o644); err != nil {
					t.Fatal(err)
				}
				if err := os.Chtimes(path, old, old); err != nil {
					t.Fatal(err)
				}
			}
			if err := WriteIfChanged(path, []byte(tt.write)); err != nil {
				t.Fatal(err)
			}
			got, err := os.ReadFile(path)
			if err != nil || string(got) != tt.write {
				t.Fatalf("content %q, %v; want %q", got, err, tt.write)
			}
			st, err := os.Stat(path)
			if err != nil {
				t.Fatal(err)
			}
			if kept := st.ModTime().Equal(old); kept != tt.wantMtime {
				t.Errorf("old modification time kept = %v, want %v", kept, tt.wantMtime)
			}
		})
	}
}

func ptr(s string) *string { return &s }
