/** The area of the offers (the permission table's `discount` route). */
export const OFFERS_AREA = '/discount';

/** Where one offer's drawer opens: a URL to share. */
export const offerPath = (id: number | string) => `${OFFERS_AREA}/${encodeURIComponent(String(id))}`;
