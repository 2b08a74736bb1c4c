// The checkout form of one US buyer, as a browser posts it (integration tests and e2e requests share it).
export const BUYER = {
  name: "Ada Collector",
  email: "ada@example.com",
  phone: "+1 504 555 0100",
  fulfilment: "ship",
  country: "US",
  addressLine1: "1 Esplanade Ave",
  addressLine2: "",
  city: "New Orleans",
  region: "LA",
  postalCode: "70116",
  note: "",
};
