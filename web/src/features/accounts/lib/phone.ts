// Australians write a mobile number with its trunk 0 ("0412 345 678"), and
// the Authenticator joins what they type to the country code as it is:
// "+61" + "0412345678" is "+610412345678", a number that exists nowhere (an
// account made with it gets no code and cannot be found again by the
// number the shopper knows). The sign-in services drop that 0.

/** withoutTrunkZero drops the 0 after +61: "+610412345678" -> "+61412345678"; any other number is unchanged. */
export function withoutTrunkZero(phone: string): string {
  return phone.startsWith('+610') ? `+61${phone.slice(4)}` : phone;
}
