import type { JoinWaitlistRequest } from '@kassa/domain/contract/waitlist';
import { apiRequest } from '@/lib/api-client';

/** POST /api/products/{id}/waitlist (decision 0252). */
export async function joinWaitlist(productId: number, body: JoinWaitlistRequest): Promise<void> {
  await apiRequest(`/products/${productId}/waitlist`, { method: 'POST', body });
}
