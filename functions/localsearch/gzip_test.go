package localsearch_test

import (
	"compress/gzip"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"
)

// Algolia compresses its answers; so does the engine, for every client that
// accepts gzip, and a client that does not gets plain JSON.
func TestResponsesAreGzippedWhenAccepted(t *testing.T) {
	_, host := startEngine(t, "")
	var objects []string
	for i := range 200 {
		objects = append(objects, fmt.Sprintf(`{"action":"addObject","body":{"objectID":"c%d","make":"Toyota","model":"Corolla %d"}}`, i, i))
	}
	post(t, host, "/1/indexes/cars/batch", adminKey, `{"requests":[`+strings.Join(objects, ",")+`]}`, "")

	for _, tc := range []struct {
		acceptEncoding, wantEncoding string
	}{
		{"gzip, deflate, br", "gzip"},
		{"identity", ""},
	} {
		t.Run(tc.acceptEncoding, func(t *testing.T) {
			res := post(t, host, "/1/indexes/cars/query", searchKey, `{"query":"corolla","hitsPerPage":100}`, tc.acceptEncoding)
			defer res.Body.Close()
			if got := res.Header.Get("Content-Encoding"); got != tc.wantEncoding {
				t.Fatalf("got Content-Encoding %q, want %q", got, tc.wantEncoding)
			}
			if got := res.Header.Get("Access-Control-Allow-Origin"); got == "" {
				t.Errorf("compressed or not, the answer carries CORS")
			}
			body := io.Reader(res.Body)
			if tc.wantEncoding == "gzip" {
				zr, err := gzip.NewReader(res.Body)
				if err != nil {
					t.Fatal(err)
				}
				body = zr
			}
			var got struct{ NbHits int }
			if err := json.NewDecoder(body).Decode(&got); err != nil {
				t.Fatal(err)
			}
			if got.NbHits != 200 {
				t.Fatalf("got nbHits %d, want 200", got.NbHits)
			}
		})
	}
}

func post(t *testing.T, host, path, key, body, acceptEncoding string) *http.Response {
	t.Helper()
	req, err := http.NewRequest("POST", "http://"+host+path, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("X-Algolia-Application-Id", appID)
	req.Header.Set("X-Algolia-API-Key", key)
	req.Header.Set("Origin", "http://shop.localhost")
	if acceptEncoding != "" {
		// Setting it by hand turns off the transport's transparent decoding.
		req.Header.Set("Accept-Encoding", acceptEncoding)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	if res.StatusCode != 200 {
		b, _ := io.ReadAll(res.Body)
		t.Fatalf("POST %s: %d %s", path, res.StatusCode, b)
	}
	return res
}
