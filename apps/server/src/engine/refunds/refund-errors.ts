import { AppError } from '../../lib/errors.ts';

/** The stable codes a cancellation answers (decision 0236); the staff app translates each. */
export const refundErrors = {
  orderNotFound: () => new AppError(404, 'ORDER_NOT_FOUND', 'No order has this number'),
  notCancellable: (status: string) =>
    new AppError(
      409,
      'ORDER_NOT_CANCELLABLE',
      'Only a paid or invoiced product order can be cancelled',
      status,
    ),
  alreadyCancelled: () => new AppError(409, 'ORDER_ALREADY_CANCELLED', 'The order is cancelled already'),
  nothingChosen: () => new AppError(400, 'CANCEL_NOTHING_CHOSEN', 'Choose at least one ticket or line'),
  unknownItem: (what: string) =>
    new AppError(400, 'CANCEL_UNKNOWN_ITEM', 'A chosen ticket or line is not part of this order', what),
  lineNotCancellable: (what: string) =>
    new AppError(400, 'CANCEL_LINE_NOT_CANCELLABLE', 'Only tickets and extras can be cancelled', what),
  itemCancelled: (what: string) =>
    new AppError(409, 'CANCEL_ITEM_ALREADY_CANCELLED', 'A chosen ticket or line is cancelled already', what),
  tooMany: (what: string) =>
    new AppError(409, 'CANCEL_QUANTITY_TOO_LARGE', 'More units chosen than are left on the line', what),
  ticketAdmitted: (what: string) =>
    new AppError(409, 'CANCEL_TICKET_ADMITTED', 'A ticket that was let in cannot be cancelled', what),
  noPayment: () =>
    new AppError(
      409,
      'REFUND_NO_PAYMENT',
      'The order has no online payment to refund: choose a voucher or no refund',
    ),
  methodForbidden: () =>
    new AppError(403, 'REFUND_METHOD_FORBIDDEN', 'Only a manager may cancel without a refund'),
  refundNotFound: () => new AppError(404, 'REFUND_NOT_FOUND', 'No refund has this id'),
  refundNotFailed: (status: string) =>
    new AppError(409, 'REFUND_NOT_FAILED', 'Only a failed refund can be tried again', status),
};
