import assert from "node:assert/strict";
import {
  type AssignmentSettings,
  type Candidate,
  chooseAssignee,
  turnOrder,
} from "../../modules/support/assignment/assignment.rules.ts";

const A = "00000000-0000-7000-8000-00000000000a";
const B = "00000000-0000-7000-8000-00000000000b";
const C = "00000000-0000-7000-8000-00000000000c";
const D = "00000000-0000-7000-8000-00000000000d";

const member = (userId: string, extra: Partial<Candidate> = {}): Candidate => ({
  userId,
  open: 0,
  agent: true,
  away: false,
  ...extra,
});

const rr = (last: string | null, cap: number | null = null): AssignmentSettings => ({
  mode: "round_robin",
  maxOpenPerAgent: cap,
  lastAssignedUserId: last,
});

/** Assigns `n` tickets in turn, counting each one against its member (as the service does). */
function sequence(settings: AssignmentSettings, members: Candidate[], n: number) {
  const out: (string | null)[] = [];
  let last = settings.lastAssignedUserId;
  for (let i = 0; i < n; i++) {
    const choice = chooseAssignee({ ...settings, lastAssignedUserId: last }, members);
    out.push(choice.userId);
    if (choice.userId) {
      last = choice.userId;
      members = members.map((m) => m.userId === choice.userId ? { ...m, open: m.open + 1 } : m);
    }
  }
  return out;
}

Deno.test("assignment rules: round robin goes round the members in a stable order", () => {
  // Given in any order, taken by user id, starting after the last assigned.
  assert.deepEqual(sequence(rr(null), [member(C), member(A), member(B)], 4), [A, B, C, A]);
  assert.deepEqual(sequence(rr(B), [member(A), member(B), member(C)], 3), [C, A, B]);
});

Deno.test("assignment rules: round robin skips the member away and the one at the cap", () => {
  const members = [member(A), member(B, { away: true }), member(C, { open: 2 }), member(D)];
  // Cap 2: C is full from the start, B is away; A and D alternate until both are full.
  assert.deepEqual(sequence(rr(null, 2), members, 5), [A, D, A, D, null]);
  assert.deepEqual(chooseAssignee(rr(D, 2), members.map((m) => ({ ...m, open: 2 }))), {
    userId: null,
    reason: "all_at_cap",
  });
});

Deno.test("assignment rules: a last assignee who left the team keeps the turn moving", () => {
  assert.deepEqual(turnOrder([member(A), member(C), member(D)], B).map((m) => m.userId), [
    C,
    D,
    A,
  ]);
  assert.deepEqual(turnOrder([member(A), member(C)], D).map((m) => m.userId), [A, C]);
});

Deno.test("assignment rules: least open takes the lightest; a tie goes by turn", () => {
  const lo = (last: string | null, cap: number | null = null): AssignmentSettings => ({
    mode: "least_open",
    maxOpenPerAgent: cap,
    lastAssignedUserId: last,
  });
  const members = [member(A, { open: 3 }), member(B, { open: 1 }), member(C, { open: 1 })];
  assert.equal(chooseAssignee(lo(null), members).userId, B);
  assert.equal(chooseAssignee(lo(B), members).userId, C, "tie: the next in turn after B");
  assert.equal(
    chooseAssignee(lo(null), [member(A, { open: 0, away: true }), ...members.slice(1)]).userId,
    B,
  );
  assert.equal(chooseAssignee(lo(null, 1), members).userId, null, "all at the cap of 1");
});

Deno.test("assignment rules: nobody to take it says why", () => {
  assert.deepEqual(chooseAssignee({ ...rr(null), mode: "none" }, [member(A)]), {
    userId: null,
    reason: "off",
  });
  assert.deepEqual(chooseAssignee(rr(null), []), { userId: null, reason: "no_members" });
  assert.deepEqual(
    chooseAssignee(rr(null), [member(A, { away: true }), member(B, { agent: false })]),
    { userId: null, reason: "nobody_available" },
  );
});
