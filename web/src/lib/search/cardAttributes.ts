/**
 * CARD_ATTRIBUTES are the attributes a search for car cards asks the engine
 * for: all but those only the car page reads (its gallery, equipment list
 * and the dealer's comments), a sixth of each hit that a card would carry for
 * nothing (issue 14). A card's photo is primary_image_url, which ingest sets
 * from the first image. functions/seo's first search asks the same (vector
 * listing_first_search.json).
 */
export const CARD_ATTRIBUTES = ['*', '-standardEquipment', '-dealercomments', '-images'];

/**
 * NO_HIGHLIGHTS: a card search shows no highlighted matches, so the engine
 * sends none (each hit's _highlightResult was a quarter of it); functions/seo's
 * first searches ask the same.
 */
export const NO_HIGHLIGHTS: string[] = [];
