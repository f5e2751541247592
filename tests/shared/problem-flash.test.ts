/** A refused form shows people messages, never the record ids API clients get in paths. */
import assert from "node:assert/strict";
import { problemFlash } from "../../shared/http/form.ts";
import { Problem } from "../../shared/http/problem.ts";

Deno.test("problem flash: a path with an id shows only its message; a plain path stays", () => {
  const err = new Problem(422, "invalid", "Invalid", "Check the fields.", [
    {
      path: "customFields.0190a0a0-0000-7000-8000-000000000000",
      message: "Cost centre: is required",
    },
    { path: "dueDate", message: "is before the start date" },
  ]);
  const { flash, status } = problemFlash(err);
  assert.equal(status, 422);
  assert.equal(flash.text, "Cost centre: is required; dueDate: is before the start date");
  assert.throws(() => problemFlash(new Error("boom")));
});
