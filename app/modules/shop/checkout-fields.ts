// The fields of the checkout form the buyer fills in, in the order the server reads them. No imports: the
// security fuzz test (tests/e2e/security/fuzz.spec.ts) posts them without loading the server.
export const CHECKOUT_FORM_FIELDS = [
  "name",
  "email",
  "phone",
  "fulfilment",
  "country",
  "addressLine1",
  "addressLine2",
  "city",
  "region",
  "postalCode",
  "note",
] as const;
