import { useState } from 'react';
import { photoSrcSet } from '../../../lib/photoSrcSet';

/**
 * Gallery shows one image at a time with previous/next buttons and
 * thumbnails; arrow keys move through it when it has focus.
 */
export function Gallery({ images, title, placeholder }: { images: string[]; title: string; placeholder: string }) {
  const [index, setIndex] = useState(0);
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
        />
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
    </section>
  );
}
