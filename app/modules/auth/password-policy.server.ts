// Password policy (NIST SP 800-63B / OWASP ASVS level 2): a length range, and no password that is common,
// a common one with digits or symbols tacked on, one repeated character, a keyboard row or a run of
// digits or letters, or the account's own e-mail or name. Checked by a better-auth hook on sign-up,
// reset and change, so every way of setting a password goes through it.

// The most common passwords of real leaks, most common first (the top ~4,000 of the "10k most common" list
// published in SecLists, MIT licence; entries shorter than 4 characters and digits-only ones are left out
// because the policy rejects those by rule), after a few well-known long defaults.
// Lower case; server-only data.
import COMMON_PASSWORDS from "./common-passwords.json";

export const MIN_PASSWORD_LENGTH = 10;
export const MAX_PASSWORD_LENGTH = 128;

export type PasswordProblem = "too-short" | "too-long" | "too-common" | "personal";

let common: Set<string> | undefined;
function commonPasswords(): Set<string> {
  common ??= new Set(COMMON_PASSWORDS);
  return common;
}

const SEQUENCES = ["0123456789", "abcdefghijklmnopqrstuvwxyz", "qwertyuiop", "asdfghjkl", "zxcvbnm", "1qaz2wsx3edc"];

/** True when the whole password walks along one of the sequences above (either way), possibly repeated. */
function isSequence(p: string): boolean {
  if (p.length < 4) return true;
  for (const seq of SEQUENCES) {
    for (const s of [seq, [...seq].reverse().join("")]) {
      const cycle = s + s;
      // The password is a run of consecutive characters of the (wrapped) sequence.
      if (cycle.includes(p)) return true;
      // Or one such run repeated ("qwertyqwerty").
      for (let n = 4; n <= p.length / 2; n++) {
        if (p.length % n === 0 && p.slice(0, n).repeat(p.length / n) === p && cycle.includes(p.slice(0, n)))
          return true;
      }
    }
  }
  return false;
}

/** The common word at the heart of "Password123!" or "!!dragon2024": letters kept, digits and symbols at the ends dropped. */
function core(p: string): string {
  return p.replace(/^[^a-z]+/, "").replace(/[^a-z]+$/, "");
}

/** Leetspeak undone, for "p@ssw0rd"-style variants. */
function unleet(p: string): string {
  return p
    .replace(/[@4]/g, "a")
    .replace(/3/g, "e")
    .replace(/[1!|]/g, "i")
    .replace(/0/g, "o")
    .replace(/[$5]/g, "s")
    .replace(/7/g, "t");
}

export interface PasswordContext {
  email?: string | null;
  name?: string | null;
}

/** The first problem with a password, or null when it is acceptable. */
export function passwordProblem(password: string, context: PasswordContext = {}): PasswordProblem | null {
  if (password.length < MIN_PASSWORD_LENGTH) return "too-short";
  if (password.length > MAX_PASSWORD_LENGTH) return "too-long";
  const lower = password.toLowerCase();
  const list = commonPasswords();
  const candidates = new Set([lower, core(lower), unleet(lower), unleet(core(lower)), core(unleet(lower))]);
  for (const c of candidates) {
    if (list.has(c)) return "too-common";
    if (/^(.)\1*$/.test(c) || /^\d+$/.test(c) || isSequence(c)) return "too-common";
  }
  // Half the password or more is one repeated short pattern ("abcabcabcabc", "monkeymonkey").
  for (let n = 1; n <= 4; n++) {
    const unit = lower.slice(0, n);
    if (unit.repeat(Math.ceil(lower.length / n)).slice(0, lower.length) === lower) return "too-common";
  }
  if (/^(.+)\1+$/.test(core(lower)) && list.has(core(lower).replace(/^(.+)\1+$/, "$1"))) return "too-common";
  const local = context.email?.split("@")[0]?.toLowerCase();
  if (local && local.length >= 4 && (core(lower) === local || lower.includes(context.email!.toLowerCase())))
    return "personal";
  const name = context.name?.toLowerCase().replace(/\s+/g, "");
  if (name && name.length >= 4 && core(lower).replace(/[^a-z]/g, "") === name.replace(/[^a-z]/g, "")) return "personal";
  return null;
}

/** The plain-words explanation shown beside the password field. */
export function passwordProblemMessage(problem: PasswordProblem): string {
  switch (problem) {
    case "too-short":
      return `Use at least ${MIN_PASSWORD_LENGTH} characters.`;
    case "too-long":
      return `Use at most ${MAX_PASSWORD_LENGTH} characters.`;
    case "too-common":
      return "This password is too common and easy to guess. Choose a less obvious one: a few unrelated words work well.";
    case "personal":
      return "Don't use your e-mail address or name as your password. Choose something less obvious.";
  }
}
