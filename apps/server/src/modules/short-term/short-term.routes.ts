import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, IdParam } from '@fleetdesk/contracts/common';
import {
  BoardCalendarAnswer,
  BoardCalendarQuery,
  BoardDayAnswer,
  BoardDayQuery,
  BookingCreateAnswer,
  BookingDetail,
  BookingEvent,
  BookingExportQuery,
  BookingInput,
  BookingListAnswer,
  BookingListQuery,
  ExtraInput,
  ExtraListAnswer,
  ExtraRow,
  ExtraUpdateInput,
  HolidayInput,
  HolidayListAnswer,
  HolidayListQuery,
  HolidayRow,
  PriceDaysAnswer,
  PriceDaysQuery,
  PriceDaysSetAnswer,
  PriceDaysSetInput,
  PriceInput,
  PriceListAnswer,
  PriceListQuery,
  PriceRow,
  PriceUpdateInput,
  ProtectionInput,
  ProtectionListAnswer,
  ProtectionRow,
  ProtectionUpdateInput,
  QuoteAnswer,
  QuoteInput,
  ShortTermPaths as P,
  StoreCarRemoveInput,
  StoreCarsAddInput,
  StoreCarsAnswer,
  StoreCarsAnswerIds,
  StoreCarsQuery,
  StoreInput,
  StoreListAnswer,
  StoreListQuery,
  StoreOption,
  StoreRow,
  StoreUpdateInput,
} from '@fleetdesk/contracts/short-term';
import { access } from '../../core/access.js';
import { ok } from '../../core/envelope.js';
import { tenantDays } from '../../core/tenant-time.js';
import { sendXlsx } from '../../core/xlsx.js';
import { bookingFlowRoutes } from './booking-flow.routes.js';
import { createBooking, quote } from './bookings.service.js';
import { bookingColumns } from './bookings.export.js';
import {
  createExtra,
  createHoliday,
  createPrice,
  createProtection,
  deleteExtra,
  deleteHoliday,
  deletePrice,
  deleteProtection,
  getPrice,
  listExtras,
  listHolidays,
  listPriceDays,
  listPrices,
  listProtections,
  setPriceDays,
  updateExtra,
  updatePrice,
  updateProtection,
} from './prices.service.js';
import {
  addStoreCars,
  createStore,
  deleteStore,
  getStore,
  listStores,
  removeStoreCars,
  storeCars,
  storeOptions,
  updateStore,
} from './stores.service.js';
import {
  boardCalendar,
  boardDay,
  bookingEvents,
  bookingsForExport,
  getBooking,
  listBookings,
} from './views.service.js';

const tags = ['short-term'];
const view = access.permission('sevenShort:view');
const add = access.permission('sevenShort:add');
const edit = access.permission('sevenShort:edit');
const del = access.permission('sevenShort:delete');
/** Holidays, protections and extras: the settings screen reads and writes them, the booking drawer reads them. */
const settingsRead = access.anyOf(['sevenSetting:view', 'sevenShort:view']);
const settingsEdit = access.permission('sevenSetting:edit');
const xlsx = ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'];
const Ok = envelope(IdParam);

/** Stores, prices, settings, quotes, bookings (lists and create) and the board (docs/short-term.md). */
export async function shortTermRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = app.deps;
  await app.register(bookingFlowRoutes);
  const store = { targetType: 'shortStore' };
  const price = { targetType: 'shortPrice' };
  const setting = { targetType: 'shortSetting' };

  // ------------------------------------------------------------------------------------------- stores
  app.get(P.storeList, {
    schema: {
      tags,
      summary: 'Stores in the caller’s rents',
      querystring: StoreListQuery,
      response: { 200: envelope(StoreListAnswer) },
    },
    config: { access: view },
    handler: async (req) => {
      const { rows, total } = await listStores(deps, req.ctx, req.query);
      return ok({ rows, total, pageNum: req.query.pageNum, pageSize: req.query.pageSize });
    },
  });
  app.get(P.storeOptions, {
    schema: { tags, summary: 'Stores for selects', response: { 200: envelope(z.array(StoreOption)) } },
    config: { access: view },
    handler: async (req) => ok(await storeOptions(deps, req.ctx)),
  });
  app.get(P.storeGet, {
    schema: { tags, summary: 'One store', params: IdParam, response: { 200: envelope(StoreRow) } },
    config: { access: view },
    handler: async (req) => ok(await getStore(deps, req.ctx, req.params.id)),
  });
  app.post(P.storeCreate, {
    schema: { tags, summary: 'Adds a store', body: StoreInput, response: { 200: envelope(StoreRow) } },
    config: { access: add, audit: store },
    handler: async (req) => {
      const row = await createStore(deps, req.ctx, req.body);
      req.auditNote = { targetId: row.id };
      return ok(row);
    },
  });
  app.put(P.storeUpdate, {
    schema: {
      tags,
      summary: 'Changes a store (at its version)',
      body: StoreUpdateInput,
      response: { 200: envelope(StoreRow) },
    },
    config: { access: edit, audit: store },
    handler: async (req) => {
      req.auditNote = { targetId: req.body.id };
      return ok(await updateStore(deps, req.ctx, req.body));
    },
  });
  app.post(P.storeDelete, {
    schema: { tags, summary: 'Deletes a store without live bookings', params: IdParam, response: { 200: Ok } },
    config: { access: del, audit: store },
    handler: async (req) => {
      req.auditNote = { targetId: req.params.id };
      return ok(await deleteStore(deps, req.ctx, req.params.id));
    },
  });
  app.get(P.storeCars, {
    schema: {
      tags,
      summary: 'The cars of a store',
      querystring: StoreCarsQuery,
      response: { 200: envelope(StoreCarsAnswer) },
    },
    config: { access: view },
    handler: async (req) => {
      const { rows, total } = await storeCars(deps, req.ctx, req.query);
      return ok({ rows, total, pageNum: req.query.pageNum, pageSize: req.query.pageSize });
    },
  });
  app.post(P.storeCarsAdd, {
    schema: {
      tags,
      summary: 'Puts cars of the store’s rent into it (moving them from another store without live bookings)',
      body: StoreCarsAddInput,
      response: { 200: envelope(StoreCarsAnswerIds) },
    },
    config: { access: edit, audit: store },
    handler: async (req) => {
      req.auditNote = { targetId: req.body.storeId, summary: { carIds: req.body.carIds } };
      return ok(await addStoreCars(deps, req.ctx, req.body.storeId, req.body.carIds));
    },
  });
  app.post(P.storeCarRemove, {
    schema: {
      tags,
      summary: 'Takes a car without live bookings out of its store',
      body: StoreCarRemoveInput,
      response: { 200: envelope(StoreCarsAnswerIds) },
    },
    config: { access: edit, audit: store },
    handler: async (req) => {
      req.auditNote = { targetId: req.body.storeId, summary: { carId: req.body.carId } };
      return ok(await removeStoreCars(deps, req.ctx, req.body.storeId, [req.body.carId]));
    },
  });

  // ------------------------------------------------------------------------------------------- prices
  app.get(P.priceList, {
    schema: {
      tags,
      summary: 'Prices per store and car type',
      querystring: PriceListQuery,
      response: { 200: envelope(PriceListAnswer) },
    },
    config: { access: view },
    handler: async (req) => {
      const { rows, total } = await listPrices(deps, req.ctx, req.query);
      return ok({ rows, total, pageNum: req.query.pageNum, pageSize: req.query.pageSize });
    },
  });
  app.get(P.priceGet, {
    schema: { tags, summary: 'One price', params: IdParam, response: { 200: envelope(PriceRow) } },
    config: { access: view },
    handler: async (req) => ok(await getPrice(deps, req.ctx, req.params.id)),
  });
  app.post(P.priceCreate, {
    schema: {
      tags,
      summary: 'Adds the price of a store and car type (409 shortTerm.priceExists)',
      body: PriceInput,
      response: { 200: envelope(PriceRow) },
    },
    config: { access: add, audit: price },
    handler: async (req) => {
      const row = await createPrice(deps, req.ctx, req.body);
      req.auditNote = { targetId: row.id };
      return ok(row);
    },
  });
  app.put(P.priceUpdate, {
    schema: {
      tags,
      summary: 'Changes a price (at its version)',
      body: PriceUpdateInput,
      response: { 200: envelope(PriceRow) },
    },
    config: { access: edit, audit: price },
    handler: async (req) => {
      req.auditNote = { targetId: req.body.id };
      return ok(await updatePrice(deps, req.ctx, req.body));
    },
  });
  app.post(P.priceDelete, {
    schema: { tags, summary: 'Deletes a price', params: IdParam, response: { 200: Ok } },
    config: { access: del, audit: price },
    handler: async (req) => {
      req.auditNote = { targetId: req.params.id };
      return ok(await deletePrice(deps, req.ctx, req.params.id));
    },
  });
  app.get(P.priceDays, {
    schema: {
      tags,
      summary: 'Date prices of a store and car type in a range',
      querystring: PriceDaysQuery,
      response: { 200: envelope(PriceDaysAnswer) },
    },
    config: { access: view },
    handler: async (req) => ok(await listPriceDays(deps, req.ctx, req.query)),
  });
  app.post(P.priceDaysSet, {
    schema: {
      tags,
      summary: 'Sets (or clears: null) the date price of every day in a range',
      body: PriceDaysSetInput,
      response: { 200: envelope(PriceDaysSetAnswer) },
    },
    config: { access: edit, audit: price },
    handler: async (req) => {
      req.auditNote = {
        summary: { storeId: req.body.storeId, carTypeId: req.body.carTypeId, from: req.body.from, to: req.body.to },
      };
      return ok(await setPriceDays(deps, req.ctx, req.body));
    },
  });

  // ----------------------------------------------------------------------------------------- settings
  app.get(P.holidayList, {
    schema: {
      tags,
      summary: 'The tenant’s holidays (default: the year from today)',
      querystring: HolidayListQuery,
      response: { 200: envelope(HolidayListAnswer) },
    },
    config: { access: settingsRead },
    handler: async (req) => ok(await listHolidays(deps, req.ctx, req.query)),
  });
  app.post(P.holidaySave, {
    schema: {
      tags,
      summary: 'Adds a holiday (one per day)',
      body: HolidayInput,
      response: { 200: envelope(HolidayRow) },
    },
    config: { access: settingsEdit, audit: setting },
    handler: async (req) => ok(await createHoliday(deps, req.ctx, req.body)),
  });
  app.post(P.holidayDelete, {
    schema: { tags, summary: 'Deletes a holiday', params: IdParam, response: { 200: Ok } },
    config: { access: settingsEdit, audit: setting },
    handler: async (req) => ok(await deleteHoliday(deps, req.ctx, req.params.id)),
  });
  app.get(P.protectionList, {
    schema: { tags, summary: 'Protection tiers', response: { 200: envelope(ProtectionListAnswer) } },
    config: { access: settingsRead },
    handler: async (req) => ok(await listProtections(deps, req.ctx)),
  });
  app.post(P.protectionCreate, {
    schema: {
      tags,
      summary: 'Adds a protection tier',
      body: ProtectionInput,
      response: { 200: envelope(ProtectionRow) },
    },
    config: { access: settingsEdit, audit: setting },
    handler: async (req) => ok(await createProtection(deps, req.ctx, req.body)),
  });
  app.put(P.protectionUpdate, {
    schema: {
      tags,
      summary: 'Changes a protection tier (at its version)',
      body: ProtectionUpdateInput,
      response: { 200: envelope(ProtectionRow) },
    },
    config: { access: settingsEdit, audit: setting },
    handler: async (req) => ok(await updateProtection(deps, req.ctx, req.body)),
  });
  app.post(P.protectionDelete, {
    schema: {
      tags,
      summary: 'Deletes a protection tier (bookings keep naming it)',
      params: IdParam,
      response: { 200: Ok },
    },
    config: { access: settingsEdit, audit: setting },
    handler: async (req) => ok(await deleteProtection(deps, req.ctx, req.params.id)),
  });
  app.get(P.extraList, {
    schema: { tags, summary: 'Extras', response: { 200: envelope(ExtraListAnswer) } },
    config: { access: settingsRead },
    handler: async (req) => ok(await listExtras(deps, req.ctx)),
  });
  app.post(P.extraCreate, {
    schema: { tags, summary: 'Adds an extra', body: ExtraInput, response: { 200: envelope(ExtraRow) } },
    config: { access: settingsEdit, audit: setting },
    handler: async (req) => ok(await createExtra(deps, req.ctx, req.body)),
  });
  app.put(P.extraUpdate, {
    schema: {
      tags,
      summary: 'Changes an extra (at its version)',
      body: ExtraUpdateInput,
      response: { 200: envelope(ExtraRow) },
    },
    config: { access: settingsEdit, audit: setting },
    handler: async (req) => ok(await updateExtra(deps, req.ctx, req.body)),
  });
  app.post(P.extraDelete, {
    schema: { tags, summary: 'Deletes an extra', params: IdParam, response: { 200: Ok } },
    config: { access: settingsEdit, audit: setting },
    handler: async (req) => ok(await deleteExtra(deps, req.ctx, req.params.id)),
  });

  // ------------------------------------------------------------------------------------------ bookings
  app.post(P.bookingQuote, {
    schema: {
      tags,
      summary: 'The price of a stay (store hours, notice, days ahead checked) and the cars free for it',
      body: QuoteInput,
      response: { 200: envelope(QuoteAnswer) },
    },
    config: { access: view },
    handler: async (req) => ok(await quote(deps, req.ctx, req.body)),
  });
  app.post(P.bookingCreate, {
    schema: {
      tags,
      summary: 'Books a free car of the type (or the one named) for a renter; 409 shortTerm.carTaken / noCarFree',
      body: BookingInput,
      response: { 200: envelope(BookingCreateAnswer) },
    },
    config: { access: add, audit: { targetType: 'shortBooking' } },
    handler: async (req) => {
      const answer = await createBooking(deps, req.ctx, req.body);
      req.auditNote = { targetId: answer.id };
      return ok(answer);
    },
  });
  app.get(P.bookingList, {
    schema: {
      tags,
      summary: 'Bookings, filtered, latest pick-up first',
      querystring: BookingListQuery,
      response: { 200: envelope(BookingListAnswer) },
    },
    config: { access: view },
    handler: async (req) => {
      const { rows, total } = await listBookings(deps, req.ctx, req.query);
      return ok({ rows, total, pageNum: req.query.pageNum, pageSize: req.query.pageSize });
    },
  });
  app.get(P.bookingExport, {
    schema: {
      tags,
      summary: 'The filtered bookings as .xlsx (streamed)',
      querystring: BookingExportQuery,
      produces: xlsx,
    },
    config: { access: access.permission('sevenShort:export'), audit: { targetType: 'shortBooking' } },
    handler: async (req, reply) => {
      const days = await tenantDays(deps.db, req.ctx.tenantId, deps.clock.now());
      const title = req.lang === 'zh-CN' ? '短租订单' : 'bookings';
      return sendXlsx(
        reply,
        `${title}-${days.today}.xlsx`,
        title,
        bookingColumns(req.lang, days.timeZone),
        bookingsForExport(deps, req.ctx, req.query),
      );
    },
  });
  app.get(P.bookingGet, {
    schema: {
      tags,
      summary: 'One booking with its quote, charges, history and the actions open to the caller',
      params: IdParam,
      response: { 200: envelope(BookingDetail) },
    },
    config: { access: view },
    handler: async (req) => ok(await getBooking(deps, req.ctx, req.params.id)),
  });
  app.get(P.bookingEvents, {
    schema: {
      tags,
      summary: 'A booking’s history, oldest first',
      params: IdParam,
      response: { 200: envelope(z.array(BookingEvent)) },
    },
    config: { access: view },
    handler: async (req) => {
      await getBooking(deps, req.ctx, req.params.id);
      return ok(await bookingEvents(deps, req.ctx, req.params.id));
    },
  });

  // --------------------------------------------------------------------------------------------- board
  app.get(P.boardDay, {
    schema: {
      tags,
      summary: 'A store’s day: pick-ups and returns due (with overdue ones), cars free now per type',
      querystring: BoardDayQuery,
      response: { 200: envelope(BoardDayAnswer) },
    },
    config: { access: view },
    handler: async (req) => ok(await boardDay(deps, req.ctx, req.query)),
  });
  app.get(P.boardCalendar, {
    schema: {
      tags,
      summary: 'Each car of a store with its bookings over up to 31 days',
      querystring: BoardCalendarQuery,
      response: { 200: envelope(BoardCalendarAnswer) },
    },
    config: { access: view },
    handler: async (req) => ok(await boardCalendar(deps, req.ctx, req.query)),
  });
}
