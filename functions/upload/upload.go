// Package upload takes feeds too large for an HTTP request (API Gateway
// stops at 10 MB, Lambda at 6 MB) through object storage (issue 15): the
// provider asks for an upload, PUTs the feed to the presigned URL it gets,
// and the object-created event applies it as the same feed run, whose
// report the provider polls as for any feed.
package upload

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/s3"

	"forecourt/functions/contract"
	"forecourt/functions/feed"
	"forecourt/shared"
)

// URLLifetime is how long a presigned upload URL works.
const URLLifetime = 15 * time.Minute

// KeyPrefix is where uploaded feeds are kept; the bucket's notification
// applies objects created under it.
const KeyPrefix = contract.UploadKeyPrefix

// Feeds is the ingestion service (feed.Service).
type Feeds interface {
	Expect(ctx context.Context, dealershipSlug string) (feed.Report, error)
	Ingest(ctx context.Context, req feed.Request) (feed.Report, error)
	Run(ctx context.Context, id string) (feed.Report, error)
	Fail(ctx context.Context, rep feed.Report, cause error) error
}

// Service hands out upload URLs and applies what arrives.
type Service struct {
	Feeds  Feeds
	Client *s3.Client
	Bucket string
	Now    func() time.Time
}

// Request is what a provider asks to upload.
type Request struct {
	DealershipSlug  string
	Mode            string
	Force           bool
	ContentType     string
	ContentEncoding string
	Columns         feed.Columns
	// PhotoHosts is the provider's photo allow-list (feed.Request.PhotoHosts).
	PhotoHosts []string
}

// Ticket answers POST /ingest/v1/dealerships/{slug}/uploads: PUT the feed
// to URL with Headers before ExpiresAt, then poll the run.
type Ticket struct {
	RunID     string            `json:"run_id"`
	Method    string            `json:"method"`
	URL       string            `json:"url"`
	Headers   map[string]string `json:"headers"`
	ExpiresAt time.Time         `json:"expires_at"`
}

// settings travel with the object as its metadata, so that the run
// applies the feed as the provider asked.
type settings struct {
	Mode       string       `json:"mode"`
	Force      bool         `json:"force,omitempty"`
	Columns    feed.Columns `json:"columns,omitempty"`
	PhotoHosts []string     `json:"photo_hosts,omitempty"`
}

const metaSettings = "forecourt-settings"

// Start checks the request as a feed request is checked, stores the run
// (awaiting_upload) and presigns the PUT.
func (s *Service) Start(ctx context.Context, req Request) (Ticket, error) {
	if req.Mode != feed.ModeFull && req.Mode != feed.ModeDelta {
		return Ticket{}, shared.FieldError("mode", "must be full or delta")
	}
	// The object's type is what the run reads it as: it must be named (a
	// posted feed without one is JSON; an object without one is not).
	if req.ContentType == "" {
		return Ticket{}, shared.FieldError("content_type", "is required: application/json or text/csv")
	}
	// Refused now, as the run would refuse it later (feed's own checks).
	if _, err := feed.CheckContentType(req.ContentType); err != nil {
		return Ticket{}, shared.FieldError("content_type", "%s", messageOf(err))
	}
	if _, err := feed.CheckEncoding(req.ContentEncoding); err != nil {
		return Ticket{}, shared.FieldError("content_encoding", "%s", messageOf(err))
	}
	raw, err := json.Marshal(settings{Mode: req.Mode, Force: req.Force, Columns: req.Columns, PhotoHosts: req.PhotoHosts})
	if err != nil {
		return Ticket{}, fmt.Errorf("upload settings: %w", err)
	}
	meta := base64.RawURLEncoding.EncodeToString(raw)
	// S3 keeps at most 2 KB of user metadata.
	if len(meta) > 1800 {
		return Ticket{}, shared.FieldError("columns", "the provider's column mapping is too large to travel with an upload")
	}
	rep, err := s.Feeds.Expect(ctx, req.DealershipSlug)
	if err != nil {
		return Ticket{}, err
	}
	in := &s3.PutObjectInput{
		Bucket:      aws.String(s.Bucket),
		Key:         aws.String(KeyPrefix + req.DealershipSlug + "/" + rep.RunID),
		ContentType: aws.String(req.ContentType),
		Metadata:    map[string]string{metaSettings: meta},
	}
	headers := map[string]string{"Content-Type": req.ContentType, "X-Amz-Meta-" + metaSettings: meta}
	if req.ContentEncoding != "" {
		in.ContentEncoding = aws.String(req.ContentEncoding)
		headers["Content-Encoding"] = req.ContentEncoding
	}
	signed, err := s3.NewPresignClient(s.Client).PresignPutObject(ctx, in, s3.WithPresignExpires(URLLifetime))
	if err != nil {
		return Ticket{}, fmt.Errorf("presign upload of %s: %w", req.DealershipSlug, err)
	}
	return Ticket{RunID: rep.RunID, Method: http.MethodPut, URL: signed.URL, Headers: headers,
		ExpiresAt: s.now().Add(URLLifetime).UTC()}, nil
}

// Apply runs the feed in the object under key (an object-created event).
// A feed that cannot be applied as sent (bad body, too large, wrong type)
// ends its run failed with the reason, which is the provider's to fix; any
// other error is returned for the event to be retried.
func (s *Service) Apply(ctx context.Context, key string) (feed.Report, error) {
	slug, runID, ok := parseKey(key)
	if !ok {
		return feed.Report{}, fmt.Errorf("upload %q: not a feed key", key)
	}
	expected, err := s.Feeds.Run(ctx, runID)
	if err != nil {
		return feed.Report{}, fmt.Errorf("upload %s: %w", key, err)
	}
	if expected.DealershipSlug != slug {
		return feed.Report{}, fmt.Errorf("upload %s: run %s belongs to %s", key, runID, expected.DealershipSlug)
	}
	// A redelivered event after the run ended changes nothing; one after a
	// run that never finished (running) applies the feed again, and the
	// dealership's lease keeps two runs of it apart.
	if expected.Status != feed.StatusAwaitingUpload && expected.Status != feed.StatusRunning {
		return expected, nil
	}
	obj, err := s.Client.GetObject(ctx, &s3.GetObjectInput{Bucket: aws.String(s.Bucket), Key: aws.String(key)})
	if err != nil {
		return feed.Report{}, fmt.Errorf("upload %s: %w", key, err)
	}
	defer obj.Body.Close()
	var set settings
	raw, err := base64.RawURLEncoding.DecodeString(obj.Metadata[metaSettings])
	if err == nil {
		err = json.Unmarshal(raw, &set)
	}
	if err != nil {
		return s.fail(ctx, expected, shared.FieldError("metadata", "the upload lost its settings; PUT it with the headers the upload answer gave"))
	}
	rep, err := s.Feeds.Ingest(ctx, feed.Request{
		RunID:           runID,
		DealershipSlug:  slug,
		Mode:            set.Mode,
		Force:           set.Force,
		Columns:         set.Columns,
		PhotoHosts:      set.PhotoHosts,
		ContentType:     aws.ToString(obj.ContentType),
		ContentEncoding: aws.ToString(obj.ContentEncoding),
		Body:            obj.Body,
	})
	switch shared.ErrorCode(err) {
	case "":
		return rep, nil
	case shared.EINVALID, shared.ETOOLARGE, shared.EUNSUPPORTED:
		return s.fail(ctx, expected, err)
	}
	// A full feed refused for selling too much has its own report already.
	if cur, rerr := s.Feeds.Run(ctx, runID); rerr == nil && cur.Status == feed.StatusRefused {
		return cur, nil
	}
	return feed.Report{}, fmt.Errorf("upload %s: %w", key, err)
}

func (s *Service) fail(ctx context.Context, rep feed.Report, cause error) (feed.Report, error) {
	if err := s.Feeds.Fail(ctx, rep, cause); err != nil {
		return feed.Report{}, fmt.Errorf("record failed upload run %s: %w", rep.RunID, err)
	}
	return s.Feeds.Run(ctx, rep.RunID)
}

// messageOf is the message of a *shared.Error, else the error's text.
func messageOf(err error) string {
	var se *shared.Error
	if errors.As(err, &se) {
		return se.Message
	}
	return err.Error()
}

func (s *Service) now() time.Time {
	if s.Now != nil {
		return s.Now()
	}
	return time.Now()
}

// parseKey reads feeds/<dealership>/<run id>.
func parseKey(key string) (slug, runID string, ok bool) {
	rest, ok := strings.CutPrefix(key, KeyPrefix)
	if !ok {
		return "", "", false
	}
	slug, runID, ok = strings.Cut(rest, "/")
	return slug, runID, ok && slug != "" && runID != "" && !strings.Contains(runID, "/")
}
