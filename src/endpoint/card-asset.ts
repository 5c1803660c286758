/** The sub-path of the card element's module (`<link-preview>`), relative to the endpoint's mount. */
export const cardAsset = 'link-preview.js';
