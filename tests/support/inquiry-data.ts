// A contact message or a commission request as the public forms send them: parsed by the module's own schema
// with a fresh submission key, and whatever the test does not name filled with an ordinary value.
import type { z } from "zod";
import {
  CommissionSchema,
  ContactSchema,
  newSubmissionKey,
  submitCommission,
  submitContact,
} from "~/modules/inbox/inquiries.server";

type Sender = { name: string; email: string };

export function sendContact(fields: Sender & Partial<z.input<typeof ContactSchema>>) {
  return submitContact(
    ContactSchema.parse({
      inquiryType: "general",
      message: "Is the heron painting still available to see in person?",
      submissionKey: newSubmissionKey(),
      ...fields,
    }),
  );
}

export function sendCommission(fields: Sender & Partial<z.input<typeof CommissionSchema>>) {
  return submitCommission(
    CommissionSchema.parse({
      description: "A pair of small studies of the bayou at dawn, for a hallway.",
      budget: "under-2000",
      submissionKey: newSubmissionKey(),
      ...fields,
    }),
  );
}
