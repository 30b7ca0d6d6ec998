import {
  DUE_PAGE_DEFAULT,
  DUE_PAGE_MAX,
  type TReceipt,
  ZDbId,
  ZDueEmisQuery,
  ZDueEmisResponse,
  ZDueExportQuery,
  ZEmiPathParams,
  ZErrorResponse,
  ZLoanPaymentsParams,
  ZLoanPaymentsQuery,
  ZLoanPaymentsResponse,
  ZReceiptResponse,
} from '@lending/domain';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../platform/access';
import type { AppDeps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import { sendDownload } from '../../platform/streams';
import { DUE_READERS, SIGNED_IN } from './access';
import { createDueEmis } from './due-service';
import { createPaymentHistory } from './payment-history-service';
import { paymentReceiptFileName, receiptFileName, receiptPdf } from './receipt-pdf';
import { createReceipts } from './receipt-service';

const errors = { 400: ZErrorResponse, 401: ZErrorResponse, 403: ZErrorResponse };
const receiptErrors = { ...errors, 404: ZErrorResponse, 409: ZErrorResponse };

const DUE_FILTERS =
  "date (YYYY-MM-DD; default today in Asia/Kolkata), search (customer name, mobile, loan number or loan code, any case), status (default pending); _t and timestamp are cache-busters, ignored. EMIs of approved loans dated that day, by loan then EMI number; agents see their own customers' only.";

const DUE_PAGING = `Paged by keyset: limit (1 to ${DUE_PAGE_MAX}, default ${DUE_PAGE_DEFAULT}) rows after cursor (absent for the first page; then the next_cursor of the page before, null on the last page). The first page also answers total (rows of the whole filter) and totals {total_to_collect, overdue, pending, late_charges} over the whole filter, computed by the database; pages with a cursor answer both null. A malformed cursor or limit answers 400.`;

/** Receipts and Payments Due. */
export const emiReadRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const receipts = createReceipts(deps);
    const due = createDueEmis(deps);
    const history = createPaymentHistory(deps);
    /** A receipt as a one-page PDF, shown inline. */
    const sendPdf = async (reply: FastifyReply, receipt: TReceipt, fileName: string) => {
      const pdf = await receiptPdf(receipt, { lender: deps.lenderName, generatedAt: deps.clock.now() });
      return sendDownload(reply, { type: 'application/pdf', fileName, disposition: 'inline', body: pdf });
    };
    const ZPaymentParams = z.object({ paymentId: ZDbId('Invalid payment id') });

    app.get(
      '/api/emi/receipt/:loanId/:emiNumber',
      {
        schema: {
          tags: ['emis'],
          summary:
            "The receipt of a paid or partial EMI as data (the text fallback): {receipt}. 409 for an EMI without a payment; loans outside the caller's scope 404 (borrowers: their own loans).",
          params: ZEmiPathParams,
          response: { 200: ZReceiptResponse, ...receiptErrors },
        },
        config: { access: SIGNED_IN },
      },
      async (request) => {
        const { receipt } = await receipts.get(
          currentUser(request),
          request.params.loanId,
          request.params.emiNumber,
        );
        return { receipt };
      },
    );

    app.get(
      '/api/emi/receipt/:loanId/:emiNumber/pdf',
      {
        schema: {
          tags: ['emis'],
          summary:
            "The receipt of a paid or partial EMI as a one-page PDF, inline, named receipt_{loan_code}_EMI_{n}.pdf in content-disposition. 409 for an EMI without a payment; loans outside the caller's scope 404.",
          params: ZEmiPathParams,
          produces: ['application/pdf'],
          response: { 200: z.unknown().describe('the PDF'), ...receiptErrors },
        },
        config: { access: SIGNED_IN },
      },
      async (request, reply) => {
        const { receipt } = await receipts.get(
          currentUser(request),
          request.params.loanId,
          request.params.emiNumber,
        );
        return sendPdf(reply, receipt, receiptFileName(receipt));
      },
    );

    app.get(
      '/api/emi/receipt/payment/:paymentId',
      {
        schema: {
          tags: ['emis'],
          summary:
            "The receipt of one payment record: what was collected that day, also after a schedule rewrite replaced its EMI (emi_id null then). Payments outside the caller's scope 404.",
          params: ZPaymentParams,
          response: { 200: ZReceiptResponse, ...receiptErrors },
        },
        config: { access: SIGNED_IN },
      },
      async (request) => {
        const { receipt } = await receipts.ofPayment(currentUser(request), request.params.paymentId);
        return { receipt };
      },
    );

    app.get(
      '/api/emi/receipt/payment/:paymentId/pdf',
      {
        schema: {
          tags: ['emis'],
          summary:
            "The receipt of one payment record as a one-page PDF, inline, named receipt_{loan_code}_EMI_{n}_payment_{paymentId}.pdf: what was collected that day, also after a schedule rewrite replaced its EMI. Payments outside the caller's scope 404 (borrowers: their own loans).",
          params: ZPaymentParams,
          produces: ['application/pdf'],
          response: { 200: z.unknown().describe('the PDF'), ...receiptErrors },
        },
        config: { access: SIGNED_IN },
      },
      async (request, reply) => {
        const { receipt } = await receipts.ofPayment(currentUser(request), request.params.paymentId);
        return sendPdf(reply, receipt, paymentReceiptFileName(receipt, request.params.paymentId));
      },
    );

    app.get(
      '/api/r/:token',
      {
        schema: {
          tags: ['emis'],
          summary:
            "A payment's receipt PDF through the short signed link a receipt message carries (30 days); no session",
          description:
            'The token names the payment and is signed with the server key: a wrong, altered or expired one answers 404 RECEIPT_LINK_INVALID.',
          params: z.object({ token: z.string().max(64) }),
          produces: ['application/pdf'],
          response: { 200: z.unknown().describe('the PDF'), ...receiptErrors },
        },
        config: { access: { public: true, scope: 'signed' } },
      },
      async (request, reply) => {
        const paymentId = deps.signer.readShortToken(
          request.params.token,
          (id) => `receipt:${id}`,
          deps.clock.now().getTime(),
        );
        if (paymentId === null)
          throw new AppError('RECEIPT_LINK_INVALID', 'This receipt link is not valid or has expired.');
        const { receipt } = await receipts.ofLinkedPayment(paymentId);
        return sendPdf(reply, receipt, paymentReceiptFileName(receipt, paymentId));
      },
    );

    app.get(
      '/api/loans/:loanId/payments',
      {
        schema: {
          tags: ['emis'],
          summary:
            "A loan's payment history: one page of its payment records, newest first, each with its receipt id (payment_id, for GET /emi/receipt/payment/{paymentId}[/pdf]), also for EMIs a schedule rewrite replaced (emi_replaced). Amounts and business_date from the ledger rows of each payment. Loans outside the caller's scope 404 (borrowers: their own loans).",
          params: ZLoanPaymentsParams,
          querystring: ZLoanPaymentsQuery,
          response: { 200: ZLoanPaymentsResponse, ...receiptErrors },
        },
        config: { access: SIGNED_IN },
      },
      async (request) => history.list(currentUser(request), request.params.loanId, request.query),
    );

    app.get(
      '/api/loans/emis/due',
      {
        schema: {
          tags: ['emis'],
          summary:
            'Payments Due, one page: {date, status, emis, limit, next_cursor, total, totals}; each EMI carries its Loan {id, loan_number, loan_code, per_day_emi, customer {name, mobile}} and full_payment_amount',
          description: `${DUE_FILTERS} ${DUE_PAGING}`,
          querystring: ZDueEmisQuery,
          response: { 200: ZDueEmisResponse, ...errors },
        },
        config: { access: DUE_READERS },
      },
      async (request) => due.list(currentUser(request), request.query),
    );

    app.get(
      '/api/loans/emis/due/export',
      {
        schema: {
          tags: ['emis'],
          summary:
            'Payments Due as CSV (UTF-8 with a BOM), named payments_due_{date}.csv: every row of the filters, never a page, written as the database answers in batches',
          description: DUE_FILTERS,
          querystring: ZDueExportQuery,
          produces: ['text/csv'],
          response: { 200: z.unknown().describe('the file'), ...errors },
        },
        config: { access: DUE_READERS },
      },
      async (request, reply) => {
        const { fileName, body } = due.csv(currentUser(request), request.query);
        return sendDownload(reply, { type: 'text/csv; charset=utf-8', fileName, body });
      },
    );
  };
