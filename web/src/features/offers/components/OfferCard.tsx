import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { OfferView } from '../../../lib/types';

/** OfferEnquiry renders the enquiry form about an offer; the app composes it (features do not import each other). */
export type OfferEnquiry = (offer: OfferView) => ReactNode;

/**
 * Expandable is a text the server cut (spec 001 §4): the short form with a
 * toggle to the whole text and back. Without a short form the whole text shows.
 */
function Expandable({ full, short, more, className }: { full?: string; short?: string; more: string; className: string }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  if (!full) return null;
  if (!short) return <p className={className}>{full}</p>;
  return (
    <div className={className}>
      <p id={id}>{open ? full : short}</p>
      <button type="button" className="link-button" aria-expanded={open} aria-controls={id} onClick={() => setOpen((o) => !o)}>
        {open ? 'View less' : more}
      </button>
    </div>
  );
}

/**
 * OfferCard is one special offer as a list or grid card (spec 001 §2
 * "Offers"): image, name, description (view more / view less), disclaimer
 * (view full / view less), Enquire Now opening the enquiry form with the
 * offer named, and Explore {model}.
 */
export function OfferCard({
  offer,
  enquiry,
  headingLevel = 2,
  expanded = false,
}: {
  offer: OfferView;
  enquiry: OfferEnquiry;
  headingLevel?: 1 | 2;
  expanded?: boolean;
}) {
  const [enquiring, setEnquiring] = useState(expanded);
  const formId = useId();
  const formHeading = useRef<HTMLHeadingElement>(null);
  const opened = useRef(false);
  useEffect(() => {
    if (enquiring && opened.current) formHeading.current?.focus();
  }, [enquiring]);
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  // The enquiry's heading is one level under the offer's name (heading order).
  const FormHeading = headingLevel === 1 ? 'h2' : 'h3';
  const model = offer.model;
  return (
    <article className="offer-card">
      <div className="offer-card__image">
        {offer.image ? (
          <img src={offer.image} alt={offer.name} loading="lazy" width={480} height={240} />
        ) : (
          <div className="offer-card__placeholder" aria-hidden="true" />
        )}
      </div>
      <div className="offer-card__body">
        <Heading className="offer-card__name">{headingLevel === 1 ? offer.name : <Link to={offer.path}>{offer.name}</Link>}</Heading>
        <Expandable
          className="offer-card__description"
          full={offer.sanitized_description}
          short={expanded ? undefined : offer.description_short}
          more="View more"
        />
        <Expandable className="offer-card__disclaimer" full={offer.disclaimer} short={offer.disclaimer_short} more="View full" />
        <div className="offer-card__actions">
          {!expanded ? (
            <button
              type="button"
              className="button"
              aria-expanded={enquiring}
              aria-controls={formId}
              onClick={() => {
                opened.current = true;
                setEnquiring((o) => !o);
              }}
            >
              Enquire Now
            </button>
          ) : null}
          {offer.model_link && model ? (
            /^https?:/.test(offer.model_link) ? (
              <a className="button button--ghost" href={offer.model_link}>
                Explore {model.name}
              </a>
            ) : (
              <Link className="button button--ghost" to={offer.model_link}>
                Explore {model.name}
              </Link>
            )
          ) : null}
        </div>
        {enquiring ? (
          <section id={formId} className="offer-card__enquiry" aria-labelledby={`${formId}-h`}>
            <FormHeading id={`${formId}-h`} ref={formHeading} tabIndex={-1}>
              Enquire about {offer.name}
            </FormHeading>
            {enquiry(offer)}
          </section>
        ) : null}
      </div>
    </article>
  );
}
