package seo

import (
	"encoding/json"
	"os"
	"reflect"
	"strings"
	"testing"

	"forecourt/shared"
)

// The theme's CSS custom properties are the same on the server-painted
// page as the app sets them (web features/site/theme.ts themeVariables):
// shared/testdata/vectors/theme_variables.json, which Vitest runs too.
func TestThemeVariablesVectors(t *testing.T) {
	raw, err := os.ReadFile("../../shared/testdata/vectors/theme_variables.json")
	if err != nil {
		t.Fatal(err)
	}
	var cases []struct {
		Name  string `json:"name"`
		Input struct {
			Theme shared.Theme `json:"theme"`
		} `json:"input"`
		Want map[string]string `json:"want"`
	}
	if err := json.Unmarshal(raw, &cases); err != nil {
		t.Fatal(err)
	}
	if len(cases) == 0 {
		t.Fatal("no cases")
	}
	for _, tc := range cases {
		t.Run(tc.Name, func(t *testing.T) {
			got := map[string]string{}
			for _, v := range ThemeVariables(tc.Input.Theme) {
				got[v.Name] = v.Value
			}
			if !reflect.DeepEqual(got, tc.Want) {
				t.Errorf("ThemeVariables = %v, want %v", got, tc.Want)
			}
		})
	}
}

// A painted page's <html> carries the theme as the app sets it; a value
// that could break out of the attribute is escaped, one that is not a
// colour is left out.
func TestShellThemeStyle(t *testing.T) {
	h := Page{Site: riverside(), Origin: "https://riverside.example", Path: "/"}.Home()
	h.Theme = &shared.Theme{PrimaryColor: "#eb0a1e", HeaderBg: `red" onload="x`, FontFamily: `"Open Sans", sans-serif`, BorderRadiusPx: 4}
	got := render(t, h)
	want := `<html lang="en-AU" style="--fc-primary:#eb0a1e;--fc-font:&#34;Open Sans&#34;, sans-serif;--fc-radius:4px;">`
	if !strings.Contains(got, want) {
		t.Errorf("html tag: want %s in\n%.300s", want, got)
	}
}
