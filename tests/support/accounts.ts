// The one administrator every end-to-end server provisions (ADMIN_EMAIL/ADMIN_PASSWORD at start) and every
// admin spec signs in as (tests/support/admin-fixtures.ts).
export const ADMIN = { email: "admin@example.com", password: "atelier-admin-e2e-password", name: "Mara Ellison" };
