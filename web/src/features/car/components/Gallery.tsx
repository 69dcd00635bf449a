import { lazy, Suspense, useState } from 'react';
import { photoSrcSet } from '../../../lib/photoSrcSet';

// The full-screen viewer loads on first open: off the car page's first JavaScript (issue 32 item 15).
const PhotoViewer = lazy(() => import('./PhotoViewer'));

/**
 * Gallery shows one image at a time with previous/next buttons and
 * thumbnails; arrow keys move through it when it has focus. The photo and
 * its full-screen button open the photos full screen.
 */
export function Gallery({ images, title, placeholder }: { images: string[]; title: string; placeholder: string }) {
  const [index, setIndex] = useState(0);
  const [full, setFull] = useState(false);
  if (images.length === 0) {
    return (
      <div className="gallery gallery--empty">
        <div className="gallery__new-arrival">
          <strong>{placeholder}</strong>
          <span>Photos coming soon</span>
        </div>
      </div>
    );
  }
  const go = (i: number) => setIndex((i + images.length) % images.length);
  return (
    <section
      className="gallery"
      aria-roledescription="carousel"
      aria-label={`Photos of ${title}`}
      tabIndex={0}
      onKeyDown={(e) => {
        if (e.key === 'ArrowRight') {
          e.preventDefault();
          go(index + 1);
        } else if (e.key === 'ArrowLeft') {
          e.preventDefault();
          go(index - 1);
        }
      }}
    >
      <div className="gallery__stage">
        <img
          src={images[index]}
          srcSet={photoSrcSet(images[index])}
          sizes="(min-width: 1024px) 66vw, 100vw"
          alt={`${title}, photo ${index + 1} of ${images.length}`}
          width={960}
          height={640}
          fetchPriority={index === 0 ? 'high' : undefined}
          onClick={() => setFull(true)}
        />
        <button type="button" className="gallery__full" aria-label="View photos full screen" aria-haspopup="dialog" onClick={() => setFull(true)}>
          ⤢
        </button>
        {images.length > 1 ? (
          <>
            <button type="button" className="gallery__nav gallery__nav--prev" aria-label="Previous photo" onClick={() => go(index - 1)}>
              ‹
            </button>
            <button type="button" className="gallery__nav gallery__nav--next" aria-label="Next photo" onClick={() => go(index + 1)}>
              ›
            </button>
          </>
        ) : null}
        <p className="gallery__counter" aria-live="polite">
          {index + 1} / {images.length}
        </p>
      </div>
      {images.length > 1 ? (
        <ul className="gallery__thumbs">
          {images.map((src, i) => (
            <li key={`${i}-${src}`}>
              <button type="button" aria-label={`Show photo ${i + 1}`} aria-current={i === index ? 'true' : undefined} onClick={() => go(i)}>
                <img src={src} alt="" loading="lazy" width={96} height={64} />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {full ? (
        <Suspense fallback={null}>
          <PhotoViewer
            images={images}
            title={title}
            start={index}
            onClose={(i) => {
              setFull(false);
              setIndex(i);
            }}
          />
        </Suspense>
      ) : null}
    </section>
  );
}
