// Schema steps of the durable store, in order; the position is the `user_version` it brings
// the file to. Never edit a step that has shipped: add a new one.
//
// Times are milliseconds since the epoch (INTEGER), so "due" is a plain comparison.

const submissions = `
CREATE TABLE submissions (
  id TEXT PRIMARY KEY,
  form TEXT NOT NULL,
  collection TEXT NOT NULL,
  data TEXT NOT NULL,
  files TEXT NOT NULL DEFAULT '[]',
  content_hash TEXT NOT NULL,
  idempotency_key TEXT,
  status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'delivered', 'failed')),
  attempts INTEGER NOT NULL DEFAULT 0,
  next_attempt_at INTEGER NOT NULL,
  -- 1 while a POST may have reached the content service without us hearing the answer: the
  -- next attempt looks the record up by submissionId before posting again.
  uncertain INTEGER NOT NULL DEFAULT 0,
  last_error TEXT,
  remote_id TEXT,
  created_at INTEGER NOT NULL,
  delivered_at INTEGER
);
CREATE INDEX submissions_due ON submissions (status, next_attempt_at);
CREATE INDEX submissions_hash ON submissions (content_hash, created_at);
CREATE INDEX submissions_created ON submissions (created_at);
CREATE UNIQUE INDEX submissions_key ON submissions (form, idempotency_key) WHERE idempotency_key IS NOT NULL;
`;

const mailOutbox = `
CREATE TABLE mail_outbox (
  id TEXT PRIMARY KEY,
  kind TEXT NOT NULL,
  submission_id TEXT,
  message TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed')),
  attempts INTEGER NOT NULL DEFAULT 0,
  next_attempt_at INTEGER NOT NULL,
  last_error TEXT,
  message_id TEXT,
  created_at INTEGER NOT NULL,
  sent_at INTEGER
);
CREATE INDEX mail_outbox_due ON mail_outbox (status, next_attempt_at);
CREATE UNIQUE INDEX mail_outbox_once ON mail_outbox (submission_id, kind) WHERE submission_id IS NOT NULL;
`;

// Version 2: the content service's file id of each uploaded file, by form field
// (`{"cv": 42}`), written as soon as the upload answers so a later retry never uploads it again.
const uploads = `
ALTER TABLE submissions ADD COLUMN uploads TEXT NOT NULL DEFAULT '{}';
`;

// Version 3: donations and their payments. A donation is written before the visitor leaves
// for the checkout; the payment provider's webhook moves its status forward only. Amounts are
// whole cents. `delivered_as` is the submission that carries the settled donation to the
// content service (set once, in the same transaction as that submission).
const donations = `
CREATE TABLE donations (
  id TEXT PRIMARY KEY,
  idempotency_key TEXT NOT NULL UNIQUE,
  donor TEXT NOT NULL,
  amount_cents INTEGER NOT NULL CHECK (amount_cents > 0),
  currency TEXT NOT NULL DEFAULT 'EUR',
  frequency TEXT NOT NULL CHECK (frequency IN ('once', 'monthly', 'yearly')),
  locale TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'created',
  payment_id TEXT UNIQUE,
  checkout_url TEXT,
  customer_id TEXT,
  mandate_id TEXT,
  subscription_id TEXT,
  paid_at TEXT,
  delivered_as TEXT,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);
`;

// Version 4: retention (retention.ts). `purged_at` is when a row's personal data went and only
// its receipt stayed; the partial indexes hold just the rows a purge run still has to look at,
// so a run over a large store reads a few index entries, not every row.
const retention = `
ALTER TABLE submissions ADD COLUMN purged_at INTEGER;
ALTER TABLE mail_outbox ADD COLUMN purged_at INTEGER;
ALTER TABLE donations ADD COLUMN purged_at INTEGER;
CREATE INDEX submissions_unpurged ON submissions (status, delivered_at) WHERE purged_at IS NULL;
CREATE INDEX submissions_with_files ON submissions (status) WHERE files <> '[]';
CREATE INDEX mail_outbox_unpurged ON mail_outbox (status, sent_at) WHERE purged_at IS NULL;
CREATE INDEX mail_outbox_created ON mail_outbox (created_at) WHERE purged_at IS NULL;
CREATE INDEX donations_unpurged ON donations (updated_at) WHERE purged_at IS NULL;
`;

// Version 5: every address beside its key (src/forms/address-key.ts), the form every comparison
// uses: SQLite's lower() folds A to Z only, so `ÉMILE@` was never `émile@`. Existing rows get
// theirs from the `address_key` function migrate() lends the connection; a purge or an erasure
// empties the key with the address. And the uploads waiting for a confirmation
// (server/forms/confirm-step.ts), which only this process's memory knew: one row per file, with
// the key of the address the post gave, so an erasure finds them and the upload sweep removes
// them once their question has expired, a restart or not.
const addressKeys = `
ALTER TABLE submissions ADD COLUMN email_key TEXT;
ALTER TABLE mail_outbox ADD COLUMN to_key TEXT;
ALTER TABLE mail_outbox ADD COLUMN reply_to_key TEXT;
ALTER TABLE donations ADD COLUMN donor_key TEXT;
UPDATE submissions SET email_key = address_key(json_extract(data, '$.email')) WHERE purged_at IS NULL AND json_valid(data);
UPDATE mail_outbox SET to_key = address_key(json_extract(message, '$.to')), reply_to_key = address_key(json_extract(message, '$.replyTo'))
  WHERE purged_at IS NULL AND json_valid(message);
UPDATE donations SET donor_key = address_key(json_extract(donor, '$.email')) WHERE purged_at IS NULL AND json_valid(donor);
CREATE INDEX submissions_email_key ON submissions (email_key) WHERE email_key IS NOT NULL;
CREATE INDEX mail_outbox_to_key ON mail_outbox (to_key) WHERE to_key IS NOT NULL;
CREATE INDEX mail_outbox_reply_to_key ON mail_outbox (reply_to_key) WHERE reply_to_key IS NOT NULL;
CREATE INDEX donations_donor_key ON donations (donor_key) WHERE donor_key IS NOT NULL;
CREATE TABLE waiting_uploads (
  -- The file's place under the uploads folder, {post}/{field}-{n}, as the sweep names it.
  place TEXT PRIMARY KEY,
  file TEXT NOT NULL,
  form TEXT NOT NULL,
  email_key TEXT,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL
);
CREATE INDEX waiting_uploads_email_key ON waiting_uploads (email_key) WHERE email_key IS NOT NULL;
CREATE INDEX waiting_uploads_expires ON waiting_uploads (expires_at);
`;

export const MIGRATIONS: readonly string[] = [submissions + mailOutbox, uploads, donations, retention, addressKeys];
