import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { bigintRef, createdAt, idColumn, inList, tstz, updatedAt } from './columns.js';
import { rentalContracts } from './rental-contracts.js';
import { tenants } from './tenancy.js';

/**
 * Electronic signing and online notarization (issue 35, migration 0047; docs/notarization.md). The enums repeat
 * the contracts' lists (`@fleetdesk/contracts/notarization`).
 */
const fen = (name: string) => bigint(name, { mode: 'number' });

const FLOW_STATES = ['signing', 'completed', 'refused', 'cancelled', 'expired'] as const;
const SIGNER_STATES = ['waiting', 'signing', 'signed', 'refused'] as const;
const SIGNER_ROLES = ['driver', 'company'] as const;
const NOTARY_KINDS = ['enforcement', 'contract', 'evidence'] as const;
const NOTARY_STATES = ['draft', 'submitted', 'reviewing', 'supplement', 'notarized', 'rejected', 'withdrawn'] as const;
const DELIVERIES = ['electronic', 'paper', 'both'] as const;

/** A contract sent to an e-signature provider: at most one signing at a time per contract. */
export const esignFlows = pgTable(
  'esign_flows',
  {
    tenantId: bigintRef('tenant_id')
      .notNull()
      .references(() => tenants.id),
    id: idColumn(),
    contractId: bigintRef('contract_id').notNull(),
    rentId: bigintRef('rent_id').notNull(),
    flowNo: text('flow_no').notNull(),
    provider: text('provider').notNull(),
    providerFlowId: text('provider_flow_id').notNull(),
    state: text('state').$type<(typeof FLOW_STATES)[number]>().notNull(),
    title: text('title').notNull(),
    /** Where the first receipts go when the contract becomes signed, and their date (null: that day). */
    accountId: bigintRef('account_id').notNull(),
    paidDate: date('paid_date', { mode: 'string' }),
    /** SHA-256 of the unsigned PDF that was sent. */
    sentSha256: text('sent_sha256').notNull(),
    feeFen: fen('fee_fen').notNull().default(0),
    chargeId: bigintRef('charge_id'),
    feeRefunded: boolean('fee_refunded').notNull().default(false),
    createdBy: bigintRef('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    expiresAt: tstz('expires_at').notNull(),
    completedAt: tstz('completed_at'),
    endedReason: text('ended_reason'),
    remindedAt: tstz('reminded_at'),
    /** The signed PDF once stored as the contract's document. */
    signedDocumentId: bigintRef('signed_document_id'),
    signedSha256: text('signed_sha256'),
    evidenceNo: text('evidence_no'),
    signError: text('sign_error'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.contractId], foreignColumns: [rentalContracts.tenantId, rentalContracts.id] }),
    uniqueIndex('esign_flows_no_uq').on(t.flowNo),
    uniqueIndex('esign_flows_provider_uq').on(t.provider, t.providerFlowId),
    uniqueIndex('esign_flows_open_uq')
      .on(t.tenantId, t.contractId)
      .where(sql`state = 'signing'`),
    index('esign_flows_contract_ix').on(t.tenantId, t.contractId),
    check('esign_flows_state_ck', sql.raw(`state in (${inList(FLOW_STATES)})`)),
  ],
);

/** The signers of a flow in their order: the driver, then the company's seal. */
export const esignSigners = pgTable(
  'esign_signers',
  {
    tenantId: bigintRef('tenant_id').notNull(),
    id: idColumn(),
    flowId: bigintRef('flow_id').notNull(),
    role: text('role').$type<(typeof SIGNER_ROLES)[number]>().notNull(),
    signOrder: integer('sign_order').notNull(),
    name: text('name').notNull(),
    phone: text('phone'),
    idNumber: text('id_number'),
    /** The provider's key of this signer (its account or order). */
    providerSignerId: text('provider_signer_id').notNull(),
    state: text('state').$type<(typeof SIGNER_STATES)[number]>().notNull(),
    signUrl: text('sign_url'),
    signedAt: tstz('signed_at'),
    refusedReason: text('refused_reason'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.flowId], foreignColumns: [esignFlows.tenantId, esignFlows.id] }).onDelete(
      'cascade',
    ),
    uniqueIndex('esign_signers_order_uq').on(t.tenantId, t.flowId, t.signOrder),
    check('esign_signers_state_ck', sql.raw(`state in (${inList(SIGNER_STATES)})`)),
    check('esign_signers_role_ck', sql.raw(`role in (${inList(SIGNER_ROLES)})`)),
  ],
);

/** Every step of a flow: what was sent or received, its SHA-256 and the payload (the evidence). */
export const esignEvents = pgTable(
  'esign_events',
  {
    tenantId: bigintRef('tenant_id').notNull(),
    id: idColumn(),
    flowId: bigintRef('flow_id').notNull(),
    kind: text('kind').notNull(),
    actor: text('actor'),
    text: text('text'),
    sha256: text('sha256'),
    payload: jsonb('payload'),
    at: tstz('at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.flowId], foreignColumns: [esignFlows.tenantId, esignFlows.id] }).onDelete(
      'cascade',
    ),
    index('esign_events_flow_ix').on(t.tenantId, t.flowId),
  ],
);

/**
 * Callbacks already handled, by the provider's key (its signature over the body): a replayed callback is answered
 * as received and changes nothing. Shared by the e-signature and notary providers (`kind`).
 */
export const providerCallbacks = pgTable(
  'provider_callbacks',
  {
    kind: text('kind').notNull(),
    provider: text('provider').notNull(),
    callbackKey: text('callback_key').notNull(),
    tenantId: bigintRef('tenant_id'),
    receivedAt: tstz('received_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.provider, t.callbackKey] }),
    index('provider_callbacks_at_ix').on(t.receivedAt),
  ],
);

/** The e-signature sandbox's own books (as the real provider keeps its side): its flows and signing links. */
export const esignSandboxFlows = pgTable('esign_sandbox_flows', {
  flowId: text('flow_id').primaryKey(),
  title: text('title').notNull(),
  company: text('company').notNull(),
  pdfKey: text('pdf_key').notNull(),
  notifyUrl: text('notify_url').notNull(),
  state: text('state').$type<(typeof FLOW_STATES)[number]>().notNull(),
  signers: jsonb('signers').$type<SandboxSigner[]>().notNull(),
  signedKey: text('signed_key'),
  evidenceNo: text('evidence_no'),
  createdAt: tstz('created_at').notNull(),
  expiresAt: tstz('expires_at').notNull(),
});

export interface SandboxSigner {
  order: number;
  role: (typeof SIGNER_ROLES)[number];
  name: string;
  phone: string | null;
  idNumber: string | null;
  token: string;
  state: (typeof SIGNER_STATES)[number];
  signedAt: string | null;
  reason: string | null;
}

/** An application to notarize a signed contract. */
export const notarizations = pgTable(
  'notarizations',
  {
    tenantId: bigintRef('tenant_id')
      .notNull()
      .references(() => tenants.id),
    id: idColumn(),
    number: text('number').notNull(),
    contractId: bigintRef('contract_id').notNull(),
    rentId: bigintRef('rent_id').notNull(),
    driverId: bigintRef('driver_id').notNull(),
    kind: text('kind').$type<(typeof NOTARY_KINDS)[number]>().notNull(),
    state: text('state').$type<(typeof NOTARY_STATES)[number]>().notNull(),
    notaryOffice: text('notary_office').notNull(),
    copies: integer('copies').notNull(),
    delivery: text('delivery').$type<(typeof DELIVERIES)[number]>().notNull(),
    remark: text('remark'),
    idFront: text('id_front'),
    idBack: text('id_back'),
    licence: text('licence'),
    attachments: text('attachments')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    esignFlowId: bigintRef('esign_flow_id'),
    feeFen: fen('fee_fen').notNull().default(0),
    chargeId: bigintRef('charge_id'),
    feeRefunded: boolean('fee_refunded').notNull().default(false),
    provider: text('provider').notNull(),
    caseNo: text('case_no'),
    supplementRequest: text('supplement_request'),
    rejectReason: text('reject_reason'),
    withdrawReason: text('withdraw_reason'),
    certificateNo: text('certificate_no'),
    certificateDate: date('certificate_date', { mode: 'string' }),
    version: integer('version').notNull().default(0),
    createdBy: bigintRef('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    submittedAt: tstz('submitted_at'),
    decidedAt: tstz('decided_at'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.contractId], foreignColumns: [rentalContracts.tenantId, rentalContracts.id] }),
    uniqueIndex('notarizations_number_uq').on(t.tenantId, t.number),
    uniqueIndex('notarizations_case_uq').on(t.provider, t.caseNo),
    index('notarizations_list_ix').on(t.tenantId, t.createdAt),
    index('notarizations_contract_ix').on(t.tenantId, t.contractId),
    check('notarizations_state_ck', sql.raw(`state in (${inList(NOTARY_STATES)})`)),
    check('notarizations_kind_ck', sql.raw(`kind in (${inList(NOTARY_KINDS)})`)),
    check('notarizations_delivery_ck', sql.raw(`delivery in (${inList(DELIVERIES)})`)),
    check('notarizations_copies_ck', sql`copies between 1 and 10`),
  ],
);

/** The files of an application as they were sent (or received: the certificate), with their SHA-256. */
export const notarizationDocuments = pgTable(
  'notarization_documents',
  {
    tenantId: bigintRef('tenant_id').notNull(),
    id: idColumn(),
    notarizationId: bigintRef('notarization_id').notNull(),
    kind: text('kind').notNull(),
    fileKey: text('file_key').notNull(),
    fileName: text('file_name').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    sha256: text('sha256').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({
      columns: [t.tenantId, t.notarizationId],
      foreignColumns: [notarizations.tenantId, notarizations.id],
    }).onDelete('cascade'),
    index('notarization_documents_ix').on(t.tenantId, t.notarizationId),
  ],
);

/** Each step's request and answer with their hashes, chained (each step's hash covers the previous one's). */
export const notarizationEvidence = pgTable(
  'notarization_evidence',
  {
    tenantId: bigintRef('tenant_id').notNull(),
    id: idColumn(),
    notarizationId: bigintRef('notarization_id').notNull(),
    seq: integer('seq').notNull(),
    step: text('step').notNull(),
    actor: text('actor'),
    summary: text('summary'),
    request: jsonb('request').notNull(),
    response: jsonb('response').notNull(),
    requestSha256: text('request_sha256').notNull(),
    responseSha256: text('response_sha256').notNull(),
    chainSha256: text('chain_sha256').notNull(),
    at: tstz('at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({
      columns: [t.tenantId, t.notarizationId],
      foreignColumns: [notarizations.tenantId, notarizations.id],
    }).onDelete('cascade'),
    uniqueIndex('notarization_evidence_seq_uq').on(t.tenantId, t.notarizationId, t.seq),
  ],
);

/** The notary sandbox's own books: the cases it received, as a notary platform keeps them. */
export const notarySandboxCases = pgTable('notary_sandbox_cases', {
  caseNo: text('case_no').primaryKey(),
  token: text('token').notNull(),
  company: text('company').notNull(),
  applicant: text('applicant').notNull(),
  kind: text('kind').notNull(),
  notaryOffice: text('notary_office').notNull(),
  state: text('state').notNull(),
  documents: jsonb('documents').$type<{ kind: string; fileName: string; sha256: string }[]>().notNull(),
  supplementRequest: text('supplement_request'),
  supplementNote: text('supplement_note'),
  certificateNo: text('certificate_no'),
  certificateKey: text('certificate_key'),
  notifyUrl: text('notify_url').notNull(),
  createdAt: tstz('created_at').notNull(),
  updatedAt: tstz('updated_at').notNull(),
});
