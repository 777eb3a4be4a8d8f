import { z } from 'zod';
import { Id, Instant, MobilePhone, PageQuery } from './common.js';

export const AuthPaths = {
  token: '/api/auth/oauth/token',
  frontInfo: '/api/admin/client/user/front/info',
  userInfo: '/api/admin/client/user/userInfo/:id',
  saveLoginInfo: '/api/admin/client/user/saveLoginInfo',
  qr: '/api/admin/client/qr',
  qrLogin: '/api/admin/client/qr/login/:id',
  qrScan: '/api/admin/client/qr/scan/:id',
  qrConfirm: '/api/admin/client/qr/confirm/:id',
  forgetPassword: '/api/admin/client/user/forgetPassword',
  checkPhone: '/api/admin/client/user/checkPhone/:phone',
  changePassword: '/api/admin/client/user/changePassword',
  updateProfile: '/api/admin/client/user/profile',
  menuTree: '/api/ccwadmin/sysMenu/tree/:id',
  menuAll: '/api/ccwadmin/sysMenu/all',
  tenantPermissions: '/api/ccwadmin/sysPermission/tenant',
  ad: '/api/ccwadmin/index/ad',
  membershipEffective: '/api/ccwadmin/associatorTenant/isEffective',
  membershipInfo: '/api/ccwadmin/associatorTenant/info',
  messageCount: '/api/ccwmc/pushRecord/count',
  messageList: '/api/ccwmc/pushRecord/list',
  /** Spec section 3: a channel's messages of one category (`{a}` channel, `{b}` category), with the list's query. */
  messageListByCategory: '/api/ccwmc/pushRecord/list/category/:channel/:category',
  messageRead: '/api/ccwmc/pushRecord/read/:id',
  messageReadAll: '/api/ccwmc/pushRecord/readAll',
  messageSmsCategories: '/api/ccwmc/pushRecord/smsCategories',
  operationLogList: '/api/ccwadmin/operationLog/list',
  loginRecordList: '/api/ccwadmin/loginRecord/list',
} as const;

/** The public web client; its secret is not a secret (a browser holds it), it only names the client. */
export const DEFAULT_CLIENT_ID = 'fleetdesk-web';
export const DEFAULT_CLIENT_SECRET = 'fleetdesk-web';
export const LOGIN_TYPE = '1';
export const LOGIN_PLATFORM = 'Web';
export const LOGIN_VERSION = '2.4';
export const USER_TYPE_MANAGER = 'manager';
export const SMS_CODE_LENGTH = 6;
export const SMS_CODE_TTL_SECONDS = 300;
export const SMS_CODE_MAX_TRIES = 5;
export const SMS_RESEND_SECONDS = 60;
/** Web route that a QR encodes: the phone-side confirm screen (`/qr/<id>`). */
export const QR_CONFIRM_WEB_PATH = '/qr/';
export const QR_TTL_SECONDS = 120;

/** Form body (or query) of `POST /api/auth/oauth/token`. */
export const TokenRequest = z.object({
  grant_type: z.enum(['password', 'refresh_token']),
  username: z.string().max(64).optional(),
  password: z.string().max(128).optional(),
  verify: z.string().max(16).optional(),
  type: z.string().max(8).optional(),
  scope: z.string().max(64).optional(),
  refresh_token: z.string().max(256).optional(),
});
export type TokenRequest = z.infer<typeof TokenRequest>;

export const RentBrief = z.object({
  id: z.number().int(),
  name: z.string(),
  shortName: z.string(),
  code: z.string(),
  city: z.string(),
});
export type RentBrief = z.infer<typeof RentBrief>;

export const TokenResponse = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  token_type: z.literal('bearer'),
  expires_in: z.number().int().describe('seconds until the access token expires'),
  refresh_expires_in: z.number().int(),
  scope: z.string(),
  rent: RentBrief.nullable(),
  tenant: z.string().describe('tenant name'),
  tenantId: z.number().int(),
  userId: z.number().int(),
  username: z.string(),
});
export type TokenResponse = z.infer<typeof TokenResponse>;

export const TokenErrorBody = z.object({ error: z.string(), error_description: z.string() });

export const RevokeQuery = z.object({ access_token: z.string().max(256) });

export const MenuItem = z.object({
  code: z.string(),
  parentCode: z.string().nullable(),
  path: z.string(),
  title: z.string().describe('title in the language of the request'),
  titles: z.object({ 'zh-CN': z.string(), 'en-US': z.string() }),
  icon: z.string(),
  sort: z.number().int(),
});
export type MenuItem = z.infer<typeof MenuItem>;

export const CodeItem = z.object({ code: z.string() });

export const FrontInfo = z.object({
  id: z.number().int(),
  name: z.string(),
  username: z.string(),
  type: z.array(z.string()).describe('role codes of the user'),
  menus: z.array(MenuItem),
  elements: z.array(CodeItem),
  tenantId: z.number().int(),
  tenantName: z.string(),
  rentId: z.number().int().nullable(),
});
export type FrontInfo = z.infer<typeof FrontInfo>;

export const UserInfo = z.object({
  id: z.number().int(),
  name: z.string(),
  username: z.string(),
  mobilePhone: z.string(),
  email: z.string().nullable(),
  profilePhoto: z.string().nullable(),
  tenantId: z.number().int(),
  tenantName: z.string(),
  rentId: z.number().int().nullable(),
  rentCode: z.string().nullable(),
  rentName: z.string().nullable(),
  rentCity: z.string().nullable(),
  shortRentName: z.string().nullable(),
  rents: z.array(RentBrief),
  /**
   * The user's company is the platform operator (listed in `platform_operators`): its users who read the company
   * settings work the feedback desk (docs/dashboard.md, Feedback).
   */
  platformOperator: z.boolean(),
});
export type UserInfo = z.infer<typeof UserInfo>;

export const SaveLoginInfoResult = z.object({ id: z.number().int(), platform: z.string(), version: z.string() });

export const QrState = z.enum(['waiting', 'scanned', 'confirmed', 'consumed', 'expired', 'cancelled']);
export type QrState = z.infer<typeof QrState>;
export const QrSession = z.object({
  id: z.string(),
  url: z.string().describe('what the QR encodes: the phone-side confirm page'),
  image: z.string().describe('the QR as a PNG data URL'),
  expiresAt: Instant,
  expiresIn: z.number().int(),
});
export type QrSession = z.infer<typeof QrSession>;
export const QrPoll = z.object({
  state: QrState,
  username: z.string().optional().describe('present once, when the phone has confirmed'),
  verify: z.string().optional().describe('one-time code for the token endpoint, present with username'),
});
export type QrPoll = z.infer<typeof QrPoll>;
export const QrScanResult = z.object({
  state: QrState,
  ip: z.string().nullable().describe('address of the desktop that asked for the QR'),
  createdAt: Instant,
});
export const QrConfirmBody = z.object({ approve: z.boolean().default(true) });

export const CodeScene = z.enum(['login', 'reset', 'register']);
export type CodeScene = z.infer<typeof CodeScene>;
export const CheckPhoneQuery = z.object({ scene: CodeScene.default('login') });
/**
 * The same answer whether the account exists or not (no one learns which names and phones are registered):
 * a code went to the account's phone if there is one (register: a code to a new phone, a notice to a taken one).
 */
export const CheckPhoneResult = z.object({
  sent: z.boolean().describe('the request was accepted and counted; a message went out if the account exists'),
  resendIn: z.number().int().describe('seconds before another code may be sent'),
  sandbox: z.boolean().describe('true when the SMS goes to the sandbox outbox, not a phone'),
});
export type CheckPhoneResult = z.infer<typeof CheckPhoneResult>;

/** Password rule: 8-64 characters with a letter and a digit. */
export const Password = z
  .string()
  .min(8, { message: 'v.passwordLength' })
  .max(64)
  .regex(/[A-Za-z]/, { message: 'v.passwordLetter' })
  .regex(/\d/, { message: 'v.passwordDigit' });

export const ForgetPasswordQuery = z.object({
  phone: MobilePhone,
  verify: z.string().regex(/^\d{6}$/, { message: 'v.code' }),
  password: Password,
});

export const ChangePasswordBody = z.object({ oldPassword: z.string().min(1).max(128), newPassword: Password });

export const ProfileUpdate = z.object({
  name: z.string().trim().min(1).max(32),
  email: z.email().max(128).nullable().optional(),
  profilePhoto: z.string().max(512).nullable().optional(),
});

export const AdQuery = z.object({ platform: z.string().max(16).default('Web') });
export const Ad = z.object({
  id: z.number().int(),
  platform: z.string(),
  title: z.string(),
  imageUrl: z.string(),
  linkUrl: z.string().nullable(),
});
export type Ad = z.infer<typeof Ad>;

export const TenantPermission = z.object({ permissionCode: z.string() });

export const MenuTreeNode: z.ZodType<MenuTreeNodeT> = z.lazy(() =>
  z.object({
    code: z.string(),
    kind: z.enum(['menu', 'element']),
    title: z.string(),
    icon: z.string().nullable(),
    checked: z.boolean(),
    allowedByPlan: z.boolean(),
    children: z.array(MenuTreeNode),
  }),
);
export interface MenuTreeNodeT {
  code: string;
  kind: 'menu' | 'element';
  title: string;
  icon: string | null;
  checked: boolean;
  allowedByPlan: boolean;
  children: MenuTreeNodeT[];
}

export const MessageChannel = z.object({ channel: z.string().max(32).default('rent_m') });
export const MessageCountItem = z.object({ category: z.number().int(), name: z.string(), num: z.number().int() });
export type MessageCountItem = z.infer<typeof MessageCountItem>;

/**
 * Which of the user's messages a list shows: `all` (not archived, read or not), `unread`, `read` (not archived),
 * `archived` (older than the tenant's `messageArchiveDays`, out of the bell and the default list).
 */
export const MessageReadState = z.enum(['all', 'unread', 'read', 'archived']);
export type MessageReadState = z.infer<typeof MessageReadState>;

/** The list's filters besides channel and category: read state, a keyword in title or text, the page. */
export const MessageFilterQuery = PageQuery.extend({
  state: MessageReadState.default('all'),
  keyword: z.string().trim().max(64).optional().describe('contained in the title or the text'),
});
/** The signed-in user's messages of a channel, newest first (of one category, if asked). */
export const MessageListQuery = MessageFilterQuery.extend({
  channel: z.string().max(32).default('rent_m'),
  category: z.coerce.number().int().min(1).max(99).optional(),
});
export type MessageListQuery = z.infer<typeof MessageListQuery>;
/** `list/category/{channel}/{category}`: the path names the channel and the category. */
export const MessageCategoryParams = z.object({
  channel: z.string().min(1).max(32),
  category: z.coerce.number().int().min(1).max(99),
});
/** A message, its title and text in the caller's language (an old message's stored text as it was). */
export const MessageItem = z.object({
  id: z.number().int(),
  category: z.number().int(),
  title: z.string(),
  content: z.string(),
  link: z.string().nullable(),
  read: z.boolean(),
  readAt: Instant.nullable(),
  archived: z.boolean(),
  createdAt: Instant,
});
/** Mark read every unread message of a channel (of one category, if given); answers how many were marked. */
export const MessageReadAllInput = z.strictObject({
  channel: z.string().max(32).default('rent_m'),
  category: z.number().int().min(1).max(99).optional(),
});
export type MessageReadAllInput = z.infer<typeof MessageReadAllInput>;
export const MessageReadAllResult = z.object({ count: z.number().int() });
/** The categories whose messages the user also gets by SMS (to his own phone). */
export const MessageSmsCategoriesInput = z.strictObject({
  categories: z.array(z.number().int().min(1).max(99)).max(20),
});
export type MessageSmsCategoriesInput = z.infer<typeof MessageSmsCategoriesInput>;
export const MessageSmsCategories = MessageSmsCategoriesInput.extend({
  phone: z.string().nullable().describe('the masked mobile the copies go to; null: the user has none, nothing is sent'),
});
export type MessageSmsCategories = z.infer<typeof MessageSmsCategories>;
export type MessageItem = z.infer<typeof MessageItem>;

export const OperationLogQuery = PageQuery.extend({
  userId: Id.optional(),
  action: z.string().max(64).optional(),
  target: z.string().max(64).optional().describe('target type, or type:id'),
  from: Instant.optional(),
  to: Instant.optional(),
});
export const OperationLogRow = z.object({
  id: z.number().int(),
  userId: z.number().int().nullable(),
  username: z.string().nullable(),
  rentId: z.number().int().nullable(),
  action: z.string(),
  /** The action as a clerk reads it, in the caller's language (module · operation); null when none is known. */
  actionTitle: z.string().nullable(),
  method: z.string(),
  path: z.string(),
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  summary: z.unknown(),
  ip: z.string().nullable(),
  createdAt: Instant,
});
export type OperationLogRow = z.infer<typeof OperationLogRow>;

export const LoginRecordQuery = PageQuery.extend({ userId: Id.optional() });
export const LoginRecordRow = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  username: z.string(),
  method: z.string(),
  platform: z.string().nullable(),
  version: z.string().nullable(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  createdAt: Instant,
});

export const REGISTER_PATH = '/api/admin/client/register';

/** A new tenant registering itself on the trial plan (web route `/register/{id}`, id = referral code). */
export const RegisterTenant = z.object({
  phone: MobilePhone,
  verify: z.string().regex(/^\d{6}$/, { message: 'v.code' }),
  companyName: z.string().trim().min(2).max(60),
  city: z.string().trim().min(2).max(20),
  contactName: z.string().trim().min(1).max(32),
  username: z
    .string()
    .trim()
    .min(3)
    .max(32)
    .regex(/^[A-Za-z][\w.-]*$/, { message: 'v.username' }),
  password: Password,
  referral: z.string().trim().max(64).optional(),
});
export type RegisterTenant = z.infer<typeof RegisterTenant>;
