/** `@tm/shared/money`: integer minor units and their arithmetic, and the market table (country, currency, language). */
export { isMarketCode, marketForMobile, resolveLang, resolveMarket } from './markets.ts';
export { assertMinorUnits, CURRENCY_EXPONENT, formatMinor, type Money, multiplyMinor, percentOfMinor, roundHalfUp, sumMinor } from './money.ts';
