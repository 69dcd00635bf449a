package main

import (
	"context"
	"log/slog"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/johannesboyne/gofakes3"
	"github.com/johannesboyne/gofakes3/backend/s3mem"

	"forecourt/functions/upload"
)

// objectsStandInPath is where the gateway serves its stand-in of S3 for
// large feed uploads (issue 15): presigned URLs point here locally.
const objectsStandInPath = "/_local/s3"

// uploadsBucket is the stand-in's one bucket.
const uploadsBucket = "uploads"

// objectStandIn is an in-memory S3 API (gofakes3) that, like the uploads
// bucket's object-created notification in AWS, applies each feed PUT under
// upload.KeyPrefix once the PUT has succeeded.
type objectStandIn struct {
	s3      http.Handler
	uploads func() *upload.Service // set once the platform exists
	log     *slog.Logger
	// applying counts the uploads being applied (Wait).
	applying sync.WaitGroup
}

// Wait returns once every upload PUT so far has been applied: the gateway
// lets them finish before it stops, and tests read the run after it.
func (o *objectStandIn) Wait() { o.applying.Wait() }

func newObjectStandIn(log *slog.Logger) (*objectStandIn, error) {
	backend := s3mem.New()
	if err := backend.CreateBucket(uploadsBucket); err != nil {
		return nil, err
	}
	return &objectStandIn{s3: http.StripPrefix(objectsStandInPath, gofakes3.New(backend).Server()), log: log}, nil
}

func (o *objectStandIn) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	// Counted before the PUT is answered, so that Wait after the answer
	// sees it.
	o.applying.Add(1)
	rec := &statusRecorder{ResponseWriter: w, status: http.StatusOK}
	o.s3.ServeHTTP(rec, r)
	key, isFeed := strings.CutPrefix(r.URL.Path, objectsStandInPath+"/"+uploadsBucket+"/")
	svc := o.uploads()
	if r.Method != http.MethodPut || rec.status != http.StatusOK || !isFeed || !strings.HasPrefix(key, upload.KeyPrefix) || svc == nil {
		o.applying.Done()
		return
	}
	// Asynchronously, as S3's notification invokes the ingest Lambda.
	go func() {
		defer o.applying.Done()
		ctx, cancel := context.WithTimeout(context.Background(), 15*time.Minute)
		defer cancel()
		rep, err := svc.Apply(ctx, key)
		if err != nil {
			o.log.Error("upload not applied", "key", key, "err", err)
			return
		}
		o.log.Info("upload applied", "run", rep.RunID, "status", rep.Status)
	}()
}

type statusRecorder struct {
	http.ResponseWriter
	status int
}

func (s *statusRecorder) WriteHeader(code int) {
	s.status = code
	s.ResponseWriter.WriteHeader(code)
}
