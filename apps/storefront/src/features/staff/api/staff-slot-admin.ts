import {
  closeDayAnswerSchema,
  closePlotAnswerSchema,
  plotCapacityAnswerSchema,
} from '@kassa/domain/contract/staff-refunds';
import { occupancyReportSchema } from '@kassa/domain/contract/staff-reports';
import { addCalendarDays } from '@kassa/domain/rules/wall-clock';
import { useQuery } from '@tanstack/react-query';
import { staffRequest } from './staff-request';

/** How many days from the slot's own the "move its bookings to" choice offers. */
export const MOVE_TARGET_DAYS = 14;

/**
 * GET /api/staff/reports/occupancy (managers) from the slot's day on: the
 * slot's capacity and sold, and the product's other slots with free places.
 */
export function useSlotOccupancy(date: string | null) {
  return useQuery({
    queryKey: ['staff', 'slot-admin', 'occupancy', date],
    queryFn: ({ signal }) =>
      staffRequest(`/reports/occupancy?from=${date}&to=${addCalendarDays(date!, MOVE_TARGET_DAYS - 1)}`, {
        schema: occupancyReportSchema,
        signal,
      }),
    enabled: date !== null,
    retry: false,
  });
}

/** PATCH /api/staff/plots/{id}: the slot's capacity (null: no limit), never below what is sold. */
export function changeCapacity(plotId: number, capacity: number | null) {
  return staffRequest(`/plots/${plotId}`, {
    method: 'PATCH',
    body: { capacity },
    schema: plotCapacityAnswerSchema,
  });
}

/** POST /api/staff/plots/{id}/close: closes the slot, moving its bookings to move_to where they fit (decision 0248). */
export function closeSlot(plotId: number, reason: string, moveTo: number | null) {
  return staffRequest(`/plots/${plotId}/close`, {
    method: 'POST',
    body: moveTo === null ? { reason } : { reason, move_to: moveTo },
    schema: closePlotAnswerSchema,
  });
}

/** POST /api/staff/products/{id}/days/{date}/close: every open slot of the product that day. */
export function closeWholeDay(productId: number, date: string, reason: string) {
  return staffRequest(`/products/${productId}/days/${date}/close`, {
    method: 'POST',
    body: { reason },
    schema: closeDayAnswerSchema,
  });
}
