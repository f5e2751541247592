-- Sign-in throttling per (account, client address) with growing lockouts, so guesses from one
-- place lock only that place; an account-wide cap catches guesses spread over many addresses but
-- spares addresses the account signed in from before (issue 18, defect 5).

-- How many times a key has been locked in a row: each lockout lasts twice the one before.
alter table login_throttle add column lockouts integer not null default 0;

-- Addresses an account signed in from successfully (kept 90 days).
create table login_known_addresses (
  account text not null,
  address text not null,
  seen_at timestamptz not null default now(),
  primary key (account, address)
);
