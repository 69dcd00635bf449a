/**
 * CAPTCHA_PATH issues an ALTCHA v1 challenge (docs/contracts.md "Captcha
 * (ALTCHA v1)"). The altcha widget fetches it itself (its `challenge`
 * attribute), solves it and hands the form its payload, so the web has no
 * other caller.
 */
export const CAPTCHA_PATH = '/api/captcha';
