import assert from "node:assert/strict";
import { itest, testApp } from "../helpers.ts";
import { escapeLike, fold, foldedContains } from "../../shared/text/fold.ts";

/** Turkish letters, Latin accents, ligatures, other scripts, odd whitespace, LIKE characters. */
const SAMPLES = [
  "yazıcısı çalışmıyor",
  "YAZICISI ÇALIŞMIYOR",
  "İSTANBUL ofisi",
  "Istanbul",
  "ıstanbul",
  "istanbul",
  "Şubat Raporu.pdf",
  "ŞĞÜÖÇİI şğüöçiı",
  "Gölge ÜRÜN",
  "çağrı listesi",
  "Crème brûlée à la façon de Zoë",
  "Ærøskøbing Œuvre Straße GROẞ Þór Łódź Đorđe Ħamrun Ŧ",
  "Ñandú São Paulo Kraków Dvořák Ångström",
  "ﬁnance ① ２０２６ Ｔ－２０２６",
  "ΟΔΟΣ Οδυσσέας",
  "Москва ЁЛКА",
  "  many\t\tspaces\n\u00a0and\u2003\u3000kinds  ",
  "100%_done\\ok",
  "T-2026-00042",
  "e\u0301te\u0301 (combining accents)",
  "",
];

itest("fold: Turkish letters, accents and case fold to one form", () => {
  assert.equal(fold("YAZICISI"), "yazicisi");
  assert.equal(fold("yazıcısı çalışmıyor"), "yazicisi calismiyor");
  assert.equal(fold("İSTANBUL ofisi"), "istanbul ofisi");
  assert.equal(fold("Şubat Raporu.pdf"), "subat raporu.pdf");
  assert.equal(fold("ğüöç ĞÜÖÇ"), "guoc guoc");
  assert.equal(fold("Crème Brûlée"), "creme brulee");
  assert.equal(fold("Straße Øre"), "strasse ore");
  assert.equal(fold("  a \t\n b  "), "a b");
  assert.equal(escapeLike("50%_a\\b"), "50\\%\\_a\\\\b");
  assert.equal(foldedContains("%İ_"), "%\\%i\\_%");
});

itest("fold: platform_fold in SQL gives what fold gives in TypeScript", async () => {
  const { platform } = await testApp();
  const rows = await platform.db.sql<{ s: string; folded: string }[]>`
    select s, platform_fold(s) as folded from unnest(${SAMPLES}::text[]) as s`;
  for (const { s, folded } of rows) assert.equal(folded, fold(s), JSON.stringify(s));
  assert.equal(rows.length, SAMPLES.length);
});
