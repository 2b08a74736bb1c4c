// A commission's pictures and the client's payments on real databases: reference images sent with the public
// request form (checked by their bytes, stored through the media pipeline and listed), a wrong file refused
// beside its field with what was typed kept and nothing stored (not the good files before it, not what a resent
// copy carried, not what a failed write had written), work-in-progress photos added and removed with
// their history, and the deposit paid by card from the client's page through the Stripe stand-in: the signed
// webhook marks it paid once (invoice, history, the artist's notification), however often it is delivered;
// without Stripe the client gets the invoice to pay by bank transfer.
import { createHash, randomBytes } from "node:crypto";
import type { ActionFailure } from "~/lib/action-result";
import { and, eq, sql } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  commissionImages,
  commissions,
  invoices,
  mediaAssets,
  notifications,
  processedWebhookEvents,
  user,
  userRoles,
} from "~/db/schema";
import {
  addProgressPhoto,
  listCommissionImages,
  prepareReferenceImages,
  removeProgressPhoto,
} from "~/modules/inbox/commission-media.server";
import {
  clientToken,
  commissionForClient,
  getCommissionDetail,
  saveQuote,
  setCommissionStage,
  startClientPayment,
} from "~/modules/inbox/commission-pipeline.server";
import { checkImage, listMediaLibrary, MediaError, STORE_UNAVAILABLE } from "~/modules/media/media.server";
import { newSubmissionKey } from "~/modules/inbox/inquiries.server";
import { sendCommission } from "../support/inquiry-data";
import { LocalDiskStorage, StorageUnavailableError } from "~/modules/media/storage.server";
import { services, setServices } from "~/services.server";
import * as commissionsRoute from "~/routes/site/commissions";
import * as adminCommissionRoute from "~/routes/admin/commission";
import { adminCookie } from "../support/admin-session";
import * as webhookRoute from "~/routes/resources/stripe-webhook";
import { useStripeTestServices } from "../support/stripe-suite";
import { BACKENDS } from "../support/harness";
import { callRoute, seedShopSettings } from "../support/shop-data";
import { SMALL_FORM_BYTES, withUploadSlot } from "~/modules/security/upload-gate.server";
import { RATE_LIMITS } from "~/modules/security/rate-limit.server";
import { solidPicture } from "../support/images";
import { counting, whileStoreRefusesWrites } from "../support/counting-storage";

const artist = { name: "Mara Ellison" };

const image = (format: "jpeg" | "png" | "webp" | "avif" | "gif", background = "#7a8f9c") =>
  solidPicture(400, 300, background, format);

function requestForm(name: string, files: { name: string; type: string; bytes: Buffer }[]) {
  const form = new FormData();
  form.set("name", name);
  form.set("email", `${name.toLowerCase().replace(/\s+/g, ".")}@example.com`);
  form.set("description", "A quiet harbour at dusk, in the greys of the reference photos, for a dining room.");
  form.set("budget", "2000-5000");
  form.set("submissionKey", newSubmissionKey());
  for (const f of files) form.append("references", new Blob([new Uint8Array(f.bytes)], { type: f.type }), f.name);
  // What a browser sends for a file input left empty.
  if (!files.length) form.append("references", new Blob([], { type: "application/octet-stream" }), "");
  return form;
}

describe.each(BACKENDS)("commission pictures and client payments on %s", (backend) => {
  const { ctx, stripe } = useStripeTestServices(backend, { PUBLIC_URL: "https://studio.example.com" });
  beforeAll(() => seedShopSettings());
  beforeEach(async () => {
    await ctx.handle.db.execute(sql`delete from rate_limits`);
  });

  const idOf = async (name: string) =>
    (await ctx.handle.db.select({ id: commissions.id }).from(commissions).where(eq(commissions.name, name)))[0]?.id;

  it("stores the reference images sent with a request and lists them for the artist and the client", async () => {
    const answer = await callRoute(commissionsRoute.action, "/commissions", {
      form: requestForm("Ines Collector", [
        { name: "room.jpg", type: "image/jpeg", bytes: await image("jpeg") },
        // The name and declared type lie; the bytes say PNG, and PNG is welcome.
        { name: "palette.webp", type: "image/webp", bytes: await image("png", "#c2a46e") },
      ]),
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ ok: true });
    const id = (await idOf("Ines Collector"))!;
    const { references, progress } = await listCommissionImages(id);
    expect(references.map((r) => r.originalName)).toEqual(["room.jpg", "palette.webp"]);
    expect(references.map((r) => [r.image.width, r.image.height])).toEqual([
      [400, 300],
      [400, 300],
    ]);
    expect(progress).toEqual([]);
    // The originals are in the app's storage, under their content hash.
    const assets = await ctx.handle.db.select().from(mediaAssets);
    expect(assets.map((a) => a.mime).sort()).toEqual(["image/jpeg", "image/png"]);
    for (const a of assets) expect(await services().storage.exists(a.originalKey)).toBe(true);

    // Not in the artist's media library (what the blog and the pages pick from): they are the client's.
    expect((await listMediaLibrary({ pageSize: 50 })).total).toBe(0);

    const client = (await commissionForClient(clientToken(id)))!;
    expect(client.references.map((r) => r.alt)).toEqual(["Reference image 1", "Reference image 2"]);
    expect(JSON.stringify(client)).not.toContain("room.jpg");

    // A request without images is as before.
    const plain = await callRoute(commissionsRoute.action, "/commissions", { form: requestForm("Plain Request", []) });
    expect(plain.body).toEqual({ ok: true });
    expect((await listCommissionImages((await idOf("Plain Request"))!)).references).toEqual([]);
  });

  it("a sender asked to wait for a free upload slot keeps their upload budget for when it is free", async () => {
    const ip = "198.51.100.77";
    const send = async () =>
      callRoute(commissionsRoute.action, "/commissions", {
        form: requestForm("Patient Visitor", [{ name: "room.png", type: "image/png", bytes: await image("png") }]),
        // Declared as the browser would: a body this large is an upload (upload-gate.server.ts).
        headers: { "content-length": String(SMALL_FORM_BYTES + 1) },
        ip,
      });
    // Another upload from the same address is being read.
    let release!: () => void;
    const reading = withUploadSlot(ip, () => new Promise<void>((resolve) => (release = resolve)));
    for (let i = 0; i < RATE_LIMITS.publicUpload.max + 2; i++) {
      const busy = await send();
      expect(busy.status).toBe(503);
      expect((busy.body as ActionFailure).error).toBe(
        "Many pictures are arriving right now. Please send again in a minute.",
      );
    }
    release();
    await reading;
    const answer = await send();
    expect(answer.body).toEqual({ ok: true });
    expect(await idOf("Patient Visitor")).toBeDefined();
  });

  it("refuses a file that is not a JPEG, PNG, WebP or AVIF beside its field, keeps what was typed, stores nothing", async () => {
    const before = (await ctx.handle.db.select().from(mediaAssets)).length;
    const cases = [
      { name: "sketch.jpg", type: "image/jpeg", bytes: Buffer.from("%PDF-1.7 a drawing, not a photo") },
      { name: "loop.gif", type: "image/gif", bytes: await image("gif") },
      // Looks like a JPEG to the first bytes, but is cut short: the pipeline decodes it and says so.
      { name: "cut.jpg", type: "image/jpeg", bytes: (await image("jpeg")).subarray(0, 600) },
    ];
    for (const file of cases) {
      const answer = await callRoute(commissionsRoute.action, "/commissions", {
        form: requestForm("Refused Visitor", [
          { name: "good.png", type: "image/png", bytes: await image("png") },
          file,
        ]),
      });
      expect(answer.status).toBe(400);
      const body = answer.body as ActionFailure;
      expect(Object.keys(body.fieldErrors!)).toEqual(["references"]);
      expect(body.fieldErrors!.references).toContain(`“${file.name}”`);
      expect(body.values).toMatchObject({ name: "Refused Visitor", budget: "2000-5000" });
      expect(body.values!.description).toContain("quiet harbour");
    }
    const tooMany = await callRoute(commissionsRoute.action, "/commissions", {
      form: requestForm(
        "Refused Visitor",
        await Promise.all(
          [1, 2, 3, 4, 5, 6].map(async (n) => ({ name: `${n}.png`, type: "image/png", bytes: await image("png") })),
        ),
      ),
    });
    expect((tooMany.body as ActionFailure).fieldErrors!.references).toBe("Attach at most 5 images; you chose 6.");
    expect(await idOf("Refused Visitor")).toBeUndefined();
    // Refused requests record no image, not even their good ones.
    expect((await ctx.handle.db.select().from(mediaAssets)).length).toBe(before);
    expect(await ctx.handle.db.select().from(commissionImages).where(eq(commissionImages.kind, "progress"))).toEqual(
      [],
    );
  });

  /** Every object in the app's storage (a local disk in these suites). */
  const storedKeys = async () => {
    const storage = services().storage;
    if (!(storage instanceof LocalDiskStorage)) throw new Error("these tests read a local disk's keys");
    const keys: string[] = [];
    for await (const key of storage.keys()) keys.push(key);
    return keys.sort();
  };
  /** `count` pictures no other test sends (each its own colour, so its own content hash). */
  const goodPictures = (prefix: string, count: number) =>
    Promise.all(
      Array.from({ length: count }, async (_, n) => ({
        name: `${prefix}-${n}.png`,
        type: "image/png",
        bytes: await image("png", `#${createHash("sha256").update(`${prefix}${n}`).digest("hex").slice(0, 6)}`),
      })),
    );

  it("a request refused for its last picture leaves none of the good pictures before it in storage", async () => {
    const before = await storedKeys();
    // The PNG signature, then junk: welcome by its first bytes, refused once decoded, after four good pictures.
    const broken = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(2048)]);
    const answer = await callRoute(commissionsRoute.action, "/commissions", {
      form: requestForm("Leaving Traces", [
        ...(await goodPictures("traces", 4)),
        { name: "broken.png", type: "image/png", bytes: broken },
      ]),
    });
    expect(answer.status).toBe(400);
    expect((answer.body as ActionFailure).fieldErrors!.references).toBe(
      "“broken.png”: This file is not an image. Upload a JPEG, PNG, WebP, AVIF, HEIC, TIFF or GIF.",
    );
    expect(await idOf("Leaving Traces")).toBeUndefined();
    // Nothing of it is kept: no row would ever name such a file, so nothing could show it or remove it.
    expect(await storedKeys()).toEqual(before);
  });

  it("pictures whose storing fails half-way are removed again, and ones stored before by others stay", async () => {
    const [kept] = await goodPictures("kept", 1);
    const answer = await callRoute(commissionsRoute.action, "/commissions", {
      form: requestForm("Earlier Sender", [kept!]),
    });
    expect(answer.body).toEqual({ ok: true });
    const before = await storedKeys();
    const real = services().storage;
    const store = counting(real);
    // The third new object cannot be written (a full disk, an object store gone).
    setServices({
      ...services(),
      storage: {
        ...store,
        put: (key, body) =>
          store.puts.length === 2 ? Promise.reject(new StorageUnavailableError("store gone")) : store.put(key, body),
      },
    });
    try {
      await expect(
        prepareReferenceImages(
          [kept!, ...(await goodPictures("halfway", 3))].map((f) => ({ name: f.name, bytes: f.bytes })),
        ),
      ).rejects.toBeInstanceOf(StorageUnavailableError);
    } finally {
      setServices({ ...services(), storage: real });
    }
    expect(store.puts).toHaveLength(2);
    // The earlier request's picture, sent again, is still there for its commission.
    expect(await storedKeys()).toEqual(before);
  });

  it("a picture whose stored original goes before it is recorded, or a store that cannot be reached, is refused with the store's message, not an error page", async () => {
    const [picture] = await goodPictures("swept", 1);
    const { originalKey } = await checkImage(picture!.bytes);
    // The same bytes were stored before by an upload never recorded (a file no record names, a day old).
    await services().storage.put(originalKey, picture!.bytes);
    const real = services().storage;
    let looked = false;
    setServices({
      ...services(),
      storage: {
        ...counting(real),
        // The request finds the file stored; the storage sweeper removes it right after (docs/operations.md).
        exists: async (key) => {
          const there = await real.exists(key);
          if (key === originalKey && !looked) {
            looked = true;
            await real.delete(key);
          }
          return there;
        },
      },
    });
    let answer;
    try {
      answer = await callRoute(commissionsRoute.action, "/commissions", {
        form: requestForm("Swept Sender", [picture!]),
      });
    } finally {
      setServices({ ...services(), storage: real });
    }
    expect(looked).toBe(true);
    expect(answer.status).toBe(503);
    expect(answer.body).toMatchObject({ ok: false, error: STORE_UNAVAILABLE, values: { name: "Swept Sender" } });
    expect(await idOf("Swept Sender")).toBeUndefined();
    // Sent again, the picture is stored again and the request recorded with it.
    const again = await callRoute(commissionsRoute.action, "/commissions", {
      form: requestForm("Swept Sender", [picture!]),
    });
    expect(again.body).toEqual({ ok: true });
    expect(await services().storage.exists(originalKey)).toBe(true);

    // A store that cannot be reached at all: the same answer, nothing recorded.
    const unreached = requestForm("Unreached Sender", await goodPictures("unreached", 1));
    answer = await whileStoreRefusesWrites(() =>
      callRoute(commissionsRoute.action, "/commissions", { form: unreached }),
    );
    expect(answer.status).toBe(503);
    expect(answer.body).toMatchObject({ ok: false, error: STORE_UNAVAILABLE });
    expect(await idOf("Unreached Sender")).toBeUndefined();
  });

  it("a request sent twice stores its pictures once; what only the second copy carried is not kept", async () => {
    const first = requestForm("Double Clicker", await goodPictures("double", 2));
    expect((await callRoute(commissionsRoute.action, "/commissions", { form: first })).body).toEqual({ ok: true });
    const before = await storedKeys();
    // The same request again (a double click, a retry), this time carrying other pictures.
    const again = requestForm("Double Clicker", await goodPictures("other", 2));
    again.set("submissionKey", first.get("submissionKey")!);
    expect((await callRoute(commissionsRoute.action, "/commissions", { form: again })).body).toEqual({ ok: true });
    const id = (await idOf("Double Clicker"))!;
    expect((await listCommissionImages(id)).references.map((r) => r.originalName)).toEqual([
      "double-0.png",
      "double-1.png",
    ]);
    expect(await storedKeys()).toEqual(before);
    // The first copy's pictures, sent again, are its commission's: they stay.
    const same = requestForm("Double Clicker", await goodPictures("double", 2));
    same.set("submissionKey", first.get("submissionKey")!);
    expect((await callRoute(commissionsRoute.action, "/commissions", { form: same })).body).toEqual({ ok: true });
    expect(await storedKeys()).toEqual(before);
  });

  it("a work-in-progress photo the image store cannot take is refused with the store's message, the caption kept", async () => {
    const id = (await idOf("Ines Collector"))!;
    const before = (await commissionForClient(clientToken(id)))!.progress.length;
    const form = new FormData();
    form.set("intent", "photo-add");
    form.set("caption", "The second glaze");
    form.append(
      "photo",
      new Blob([new Uint8Array(await image("jpeg", "#2f4f4f"))], { type: "image/jpeg" }),
      "glaze.jpg",
    );
    const cookie = await adminCookie();
    const answer = await whileStoreRefusesWrites(() =>
      callRoute(
        (args: never) => adminCommissionRoute.action({ ...(args as object), params: { id } } as never),
        `/admin/commissions/${id}`,
        { form, cookie },
      ),
    );
    expect(answer.status).toBe(503);
    expect(answer.body).toMatchObject({ ok: false, error: STORE_UNAVAILABLE, values: { caption: "The second glaze" } });
    expect((await commissionForClient(clientToken(id)))!.progress).toHaveLength(before);
  });

  it("adds and removes work-in-progress photos, each in the history; the client sees them newest first", async () => {
    const id = (await idOf("Ines Collector"))!;
    const first = await addProgressPhoto(
      id,
      { name: "underpainting.jpg", bytes: await image("jpeg", "#445566") },
      "The underpainting",
      artist,
    );
    const second = await addProgressPhoto(
      id,
      { name: "IMG_2041.webp", bytes: await image("webp", "#667788") },
      "",
      artist,
    );
    await expect(
      addProgressPhoto(id, { name: "notes.txt", bytes: Buffer.from("not an image at all") }, "", artist),
    ).rejects.toBeInstanceOf(MediaError);

    const client = (await commissionForClient(clientToken(id)))!;
    expect(client.progress.map((p) => p.id)).toEqual([second.id, first.id]);
    expect(client.progress.map((p) => p.caption)).toEqual(["", "The underpainting"]);

    expect(await removeProgressPhoto(id, first.id, artist)).toBe(true);
    expect(await removeProgressPhoto(id, first.id, artist)).toBe(false);
    // A reference image is the client's: it cannot be removed as a progress photo.
    const [reference] = (await listCommissionImages(id)).references;
    expect(await removeProgressPhoto(id, reference!.id, artist)).toBe(false);
    expect((await listCommissionImages(id)).progress.map((p) => p.id)).toEqual([second.id]);

    const photoEvents = (await getCommissionDetail(id))!.events.filter((e) => e.kind === "photo");
    expect(photoEvents.map((e) => [e.toValue, e.note]).reverse()).toEqual([
      ["added", "The underpainting"],
      ["added", "Photo IMG_2041.webp"],
      ["removed", "The underpainting"],
    ]);
    expect(photoEvents.every((e) => e.actorName === "Mara Ellison")).toBe(true);
  });

  it("takes the deposit by card from the client's page; the webhook marks it paid once, however often it comes", async () => {
    const id = (await idOf("Ines Collector"))!;
    const token = clientToken(id);
    expect((await commissionForClient(token))!.due).toBeNull();
    await saveQuote(id, { price: 480_000, depositPercent: 30, dueDate: "2027-03-01", terms: "Oil on linen." }, artist);
    expect((await commissionForClient(token))!.due).toMatchObject({
      part: "deposit",
      amount: "$1,440",
      method: "card",
    });
    // The balance is not due before the deposit.
    expect(await startClientPayment(token, "balance")).toMatchObject({ ok: false });

    const started = await startClientPayment(token, "deposit");
    expect(started).toMatchObject({ ok: true, kind: "card" });
    // A double click opens the same session.
    expect(await startClientPayment(token, "deposit")).toEqual(started);
    const sessionId = /\/pay\/(\w+)$/.exec((started as { url: string }).url)![1]!;
    const session = stripe.sessions.get(sessionId)!;
    expect(session).toMatchObject({
      amount_total: 144_000,
      currency: "usd",
      customer_email: "ines.collector@example.com",
      metadata: { commission_id: id, commission_part: "deposit" },
      success_url: `https://studio.example.com/commission/${token}?paid=deposit`,
    });

    const admin = "u-mara";
    await ctx.handle.db.insert(user).values({ id: admin, name: "Mara", email: "mara@example.com" });
    await ctx.handle.db.insert(userRoles).values({ userId: admin, role: "admin" });
    const deliver = (event: { payload: string; signature: string }) =>
      callRoute(webhookRoute.action, "/webhooks/stripe", {
        body: event.payload,
        headers: { "stripe-signature": event.signature, "content-type": "application/json" },
      });
    stripe.pay(sessionId);
    const event = stripe.event("checkout.session.completed", stripe.sessions.get(sessionId));
    // A forged body is refused before anything happens.
    expect((await deliver({ payload: event.payload.replace("144000", "1"), signature: event.signature })).status).toBe(
      400,
    );
    // Delivered twice at once, then again, then as another event for the same checkout: one payment.
    const answers = await Promise.all([deliver(event), deliver(event)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect((await deliver(event)).body).toBe("Already processed.");
    const again = stripe.event("checkout.session.completed", stripe.sessions.get(sessionId));
    expect((await deliver(again)).body).toBe("commission-duplicate-event");

    const detail = (await getCommissionDetail(id))!;
    expect(detail.payments).toMatchObject({ deposit: { paid: true }, balance: null });
    const bills = await ctx.handle.db.select().from(invoices).where(eq(invoices.commissionId, id));
    expect(bills).toHaveLength(1);
    expect(bills[0]).toMatchObject({ commissionStage: "deposit", status: "paid", totalCents: 144_000 });
    const payments = detail.events.filter((e) => e.kind === "payment");
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({ fromValue: sessionId, toValue: "$1,440" });
    expect(payments[0]!.note).toBe(`Deposit paid by card (invoice ${bills[0]!.number})`);
    const told = await ctx.handle.db.select().from(notifications).where(eq(notifications.userId, admin));
    expect(told.map((n) => n.title)).toEqual(["Deposit paid: Ines Collector"]);
    expect(told[0]!.link).toBe(`/admin/commissions/${id}`);
    expect(
      await ctx.handle.db.select().from(processedWebhookEvents).where(eq(processedWebhookEvents.eventId, event.id)),
    ).toHaveLength(1);

    // The client's page now asks for the balance.
    const client = (await commissionForClient(token))!;
    expect(client.payments).toMatchObject({ depositPaid: true, balancePaid: false });
    expect(client.due).toMatchObject({ part: "balance", amount: "$3,360" });
    expect(client.history.map((h) => h.text)).toContain(`Deposit paid by card (invoice ${bills[0]!.number}) ($1,440)`);
  });

  it("a card payment that arrives after the commission was declined is not marked paid: the artist is told to refund it", async () => {
    const { id } = await sendCommission({ name: "Late Payer", email: "late.payer@example.com" });
    const token = clientToken(id);
    await saveQuote(id, { price: 100_000, depositPercent: 30, dueDate: null, terms: "" }, artist);
    const started = await startClientPayment(token, "deposit");
    const sessionId = /\/pay\/(\w+)$/.exec((started as { url: string }).url)![1]!;
    // The artist declines it while the client is on Stripe's page, then the payment is reported.
    await setCommissionStage(id, "declined", artist);
    await ctx.handle.db
      .insert(user)
      .values({ id: "u-mara", name: "Mara", email: "mara@example.com" })
      .onConflictDoNothing();
    await ctx.handle.db.insert(userRoles).values({ userId: "u-mara", role: "admin" }).onConflictDoNothing();
    stripe.pay(sessionId);
    const event = stripe.event("checkout.session.completed", stripe.sessions.get(sessionId));
    const deliver = () =>
      callRoute(webhookRoute.action, "/webhooks/stripe", {
        body: event.payload,
        headers: { "stripe-signature": event.signature, "content-type": "application/json" },
      });
    expect(await deliver()).toMatchObject({ status: 200, body: "commission-declined" });
    expect((await deliver()).body).toBe("Already processed.");

    expect(await ctx.handle.db.$count(invoices, eq(invoices.commissionId, id))).toBe(0);
    const detail = (await getCommissionDetail(id))!;
    expect(detail.payments?.deposit).toBeNull();
    expect(detail.events.filter((e) => e.kind === "payment")).toEqual([]);
    expect(detail.events.find((e) => e.kind === "note")?.note).toBe(
      `A card payment of $300 arrived for the deposit after the commission was declined (checkout ${sessionId}). Not marked paid: refund it from the Stripe dashboard, or move the commission to another stage and mark the deposit paid.`,
    );
    const told = await ctx.handle.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, "u-mara"), eq(notifications.link, `/admin/commissions/${id}`)));
    expect(told.map((n) => [n.title, n.message])).toEqual([
      [
        "Check a card payment from Late Payer",
        "A card payment arrived for the deposit of a declined commission; not marked paid.",
      ],
    ]);
  });

  it("without Stripe, gives the client the invoice to pay by bank transfer; the artist marks it paid", async () => {
    const id = (await idOf("Plain Request"))!;
    const token = clientToken(id);
    await saveQuote(id, { price: 200_000, depositPercent: 50, dueDate: null, terms: "" }, artist);
    const stripeConfig = services().config.stripe;
    Object.assign(services().config, { stripe: undefined });
    try {
      expect((await commissionForClient(token))!.due).toMatchObject({
        part: "deposit",
        method: "bank",
        invoiceNumber: null,
      });
      const asked = await startClientPayment(token, "deposit");
      expect(asked).toMatchObject({ ok: true, kind: "bank", part: "deposit" });
      // Asking twice is the same invoice.
      expect(await startClientPayment(token, "deposit")).toEqual(asked);
      const due = (await commissionForClient(token))!.due!;
      expect(due.invoiceNumber).toBe((asked as { number: string }).number);
      const bills = await ctx.handle.db.select().from(invoices).where(eq(invoices.commissionId, id));
      expect(bills.map((b) => [b.status, b.totalCents])).toEqual([["draft", 100_000]]);
    } finally {
      Object.assign(services().config, { stripe: stripeConfig });
    }
  });
});
