package platform

import (
	"context"
	"fmt"
	"os"

	"github.com/aws/aws-sdk-go-v2/service/s3"

	"forecourt/functions/contract"
	"forecourt/functions/feed"
	"forecourt/functions/httpapi"
	"forecourt/functions/reserve"
	"forecourt/functions/s3client"
	"forecourt/functions/sitemaps"
	"forecourt/functions/syndication/publish"
)

// FeedsPrefix is where the vehicle feeds are kept in the sitemaps bucket
// (issue 37: derived data beside the sitemap lists).
const FeedsPrefix = contract.VehicleFeedsPrefix

// FeedObjectsFromEnv is the vehicle feeds' store: the sitemaps bucket
// (FORECOURT_SITEMAPS_BUCKET) under FeedsPrefix, else the folder
// FORECOURT_FEEDS_DIR, else nil (no feeds).
func FeedObjectsFromEnv(ctx context.Context, client *s3.Client) (sitemaps.Objects, error) {
	if bucket := os.Getenv("FORECOURT_SITEMAPS_BUCKET"); bucket != "" {
		if client == nil {
			var err error
			if client, err = s3client.NewClient(ctx, s3client.ConfigFromEnv()); err != nil {
				return nil, fmt.Errorf("feeds: %w", err)
			}
		}
		return sitemaps.S3Objects{Client: client, Bucket: bucket, Prefix: FeedsPrefix}, nil
	}
	if dir := os.Getenv("FORECOURT_FEEDS_DIR"); dir != "" {
		return &sitemaps.DirObjects{Dir: dir}, nil
	}
	return nil, nil
}

// Publisher writes and serves the vehicle feeds, or is nil (no store).
func (p *Platform) Publisher() *publish.Publisher {
	if p.Feeds == nil {
		return nil
	}
	return &publish.Publisher{Cars: p.Cars(), Objects: p.Feeds}
}

// feedRefresher is the feed service's hook, or nil: a nil *Publisher must
// not become a non-nil interface.
func (p *Platform) feedRefresher() feed.FeedRefresher {
	if pub := p.Publisher(); pub != nil {
		return pub
	}
	return nil
}

func (p *Platform) feedFiles() httpapi.FeedFiles {
	if pub := p.Publisher(); pub != nil {
		return pub
	}
	return nil
}

func (p *Platform) feedHealth() httpapi.FeedHealth {
	if pub := p.Publisher(); pub != nil {
		return pub
	}
	return nil
}

// reservationIndex is the index reservations write through: with feeds,
// one that rewrites the car's dealership's feeds after each write.
func (p *Platform) reservationIndex() reserve.Index {
	if pub := p.Publisher(); pub != nil {
		return publish.ReservationIndex{Index: p.Index, Sites: p.Sites(), Feeds: pub, Logger: p.Logger}
	}
	return p.Index
}
