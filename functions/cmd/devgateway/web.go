package main

import (
	"errors"
	"io/fs"
	"net/http"
	"path"
	"strings"
)

// spaHandler serves the built web app: files as they are, and index.html
// for every other path so that client-side routes load the app. Hashed
// assets are cached for a year; index.html must be revalidated so a new
// build shows at once.
type spaHandler struct {
	dist fs.FS
	dir  string // for the error message when the app is not built
}

func (h spaHandler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	name := strings.TrimPrefix(path.Clean("/"+r.URL.Path), "/")
	if name != "" && name != "index.html" {
		if st, err := fs.Stat(h.dist, name); err == nil && !st.IsDir() {
			if strings.HasPrefix(name, "assets/") {
				w.Header().Set("Cache-Control", "public, max-age=31536000, immutable")
			} else {
				w.Header().Set("Cache-Control", "no-cache")
			}
			http.ServeFileFS(w, r, h.dist, name)
			return
		}
		if strings.HasPrefix(name, "assets/") {
			// A missing asset must not turn into index.html, which the
			// browser would then try to run as a script.
			http.NotFound(w, r)
			return
		}
	}
	index, err := fs.ReadFile(h.dist, "index.html")
	if err != nil {
		status := http.StatusInternalServerError
		if errors.Is(err, fs.ErrNotExist) {
			status = http.StatusServiceUnavailable
		}
		http.Error(w, "the web app is not built in "+h.dir+": run `make web` (or set FORECOURT_WEB_DIST)", status)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-cache")
	w.Write(index)
}

// built reports whether the app's index.html is there.
func (h spaHandler) built() bool {
	_, err := fs.Stat(h.dist, "index.html")
	return err == nil
}
