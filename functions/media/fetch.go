package media

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"slices"
	"strings"
	"syscall"
	"time"
)

// Fetcher downloads a feed's photo for mirroring (issue 14 "Images"):
// http(s) only, from an allowed host, never from a private, loopback,
// link-local or otherwise internal address (checked on the address
// actually dialled, so DNS answers and redirects cannot reach one), within
// a time and size limit, and only when the body is an image.
type Fetcher struct {
	client   *http.Client
	maxBytes int64
	hosts    []string
}

// FetchLimits bound one download.
type FetchLimits struct {
	Timeout  time.Duration // whole request, default 10 s
	MaxBytes int64         // body, default 10 MB
	// Hosts is the provider's allow-list of photo hosts ("cdn.dms.example"
	// or ".dms.example" for its subdomains); empty allows any public host.
	Hosts []string
}

// ErrBlocked is a fetch refused by the guard (address, host or scheme).
var ErrBlocked = errors.New("media fetch blocked")

// NewFetcher returns a guarded fetcher.
func NewFetcher(l FetchLimits) *Fetcher { return newFetcher(l, publicAddr) }

// newFetcher takes the address rule so tests can let a loopback server
// through while every other rule stays in force.
func newFetcher(l FetchLimits, allowed func(netip.Addr) bool) *Fetcher {
	if l.Timeout <= 0 {
		l.Timeout = 10 * time.Second
	}
	if l.MaxBytes <= 0 {
		l.MaxBytes = 10 << 20
	}
	dialer := &net.Dialer{Timeout: l.Timeout, Control: func(_, address string, _ syscall.RawConn) error {
		ap, err := netip.ParseAddrPort(address)
		if err != nil || !allowed(ap.Addr().Unmap()) {
			return fmt.Errorf("%w: address %s is not public", ErrBlocked, address)
		}
		return nil
	}}
	f := &Fetcher{maxBytes: l.MaxBytes, hosts: l.Hosts}
	f.client = &http.Client{
		Timeout: l.Timeout,
		// No proxy from the environment: the guard must see the real address.
		Transport: &http.Transport{DialContext: dialer.DialContext, Proxy: nil, ResponseHeaderTimeout: l.Timeout},
		CheckRedirect: func(req *http.Request, via []*http.Request) error {
			if len(via) >= 3 {
				return fmt.Errorf("%w: more than 3 redirects", ErrBlocked)
			}
			return f.checkURL(req.URL)
		},
	}
	return f
}

// publicAddr is false for every address that is not on the public internet.
func publicAddr(a netip.Addr) bool {
	cgnat := netip.MustParsePrefix("100.64.0.0/10")
	return a.IsValid() && a.IsGlobalUnicast() && !a.IsPrivate() && !cgnat.Contains(a) &&
		!a.IsLoopback() && !a.IsLinkLocalUnicast() && !a.IsMulticast() && !a.IsUnspecified()
}

func (f *Fetcher) checkURL(u *url.URL) error {
	if u.Scheme != "http" && u.Scheme != "https" {
		return fmt.Errorf("%w: scheme %q", ErrBlocked, u.Scheme)
	}
	host := strings.ToLower(u.Hostname())
	if len(f.hosts) == 0 || slices.ContainsFunc(f.hosts, func(h string) bool {
		h = strings.ToLower(h)
		return host == h || strings.HasPrefix(h, ".") && strings.HasSuffix(host, h)
	}) {
		return nil
	}
	return fmt.Errorf("%w: host %q is not on the provider's list", ErrBlocked, host)
}

// imageTypes are the photo types mirrored.
var imageTypes = []string{"image/jpeg", "image/png", "image/webp", "image/gif"}

// Fetch downloads the photo at raw and returns it with its sniffed type.
func (f *Fetcher) Fetch(ctx context.Context, raw string) ([]byte, string, error) {
	u, err := url.Parse(raw)
	if err != nil {
		return nil, "", fmt.Errorf("photo url %q: %w", raw, err)
	}
	if err := f.checkURL(u); err != nil {
		return nil, "", err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u.String(), nil)
	if err != nil {
		return nil, "", fmt.Errorf("photo %s: %w", raw, err)
	}
	res, err := f.client.Do(req)
	if err != nil {
		return nil, "", fmt.Errorf("fetch photo %s: %w", raw, err)
	}
	defer res.Body.Close()
	if res.StatusCode != http.StatusOK {
		return nil, "", fmt.Errorf("fetch photo %s: status %d", raw, res.StatusCode)
	}
	if res.ContentLength > f.maxBytes {
		return nil, "", fmt.Errorf("photo %s: %d bytes, over the %d limit", raw, res.ContentLength, f.maxBytes)
	}
	body, err := io.ReadAll(io.LimitReader(res.Body, f.maxBytes+1))
	if err != nil {
		return nil, "", fmt.Errorf("read photo %s: %w", raw, err)
	}
	if int64(len(body)) > f.maxBytes {
		return nil, "", fmt.Errorf("photo %s: over the %d byte limit", raw, f.maxBytes)
	}
	// The bytes decide, not the header: a host that says image/jpeg for an
	// HTML error page must not be mirrored.
	ct := http.DetectContentType(body)
	if !slices.Contains(imageTypes, ct) {
		return nil, "", fmt.Errorf("photo %s: %s is not an image", raw, ct)
	}
	return body, ct, nil
}
