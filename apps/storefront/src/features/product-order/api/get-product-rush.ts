import type { ProductRushAnswer } from '@kassa/domain/contract/waiting-room';
import { apiGet } from '@/lib/api-client';

/** GET /api/products/{id}/rush: whether the product is booked through the waiting room now (decision 0265). */
export async function getProductRush(productId: number): Promise<ProductRushAnswer['response']['rush']> {
  const answer = await apiGet<ProductRushAnswer>(`/products/${productId}/rush`);
  return answer.response.rush;
}
