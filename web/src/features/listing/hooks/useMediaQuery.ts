// The hook lives in lib/ so the car page can use it too (features do not import each other).
export { useMediaQuery } from '../../../lib/useMediaQuery';
