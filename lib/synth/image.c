/* Smooth patterns, shifts and Fourier magnitudes of 16 x 16 images (see
 * image.h). */
#include <math.h>
#include "synth/image.h"

/* One pass of the circular [1 2 1]/4 filter along the rows (step 1) or
 * the columns (step IMG_SIDE) of img. Four passes each way make the
 * binomial kernel of width 9 and standard deviation sqrt(2) pixels, close
 * to the article's Gaussian low-pass of 0.12 cycles per pixel, whose
 * spatial deviation is 1/(2 pi 0.12) = 1.33 pixels. */
static void blur_pass(double *img, int step)
{
	double line[IMG_SIDE];
	int a, b;
	int across = step == 1 ? IMG_SIDE : 1;

	for (a = 0; a < IMG_SIDE; a++) {
		double *p = img + a * across;
		for (b = 0; b < IMG_SIDE; b++) {
			double left = p[((b + IMG_SIDE - 1) % IMG_SIDE) * step];
			double right = p[((b + 1) % IMG_SIDE) * step];
			line[b] = (left + 2 * p[b * step] + right) / 4;
		}
		for (b = 0; b < IMG_SIDE; b++)
			p[b * step] = line[b];
	}
}

void smooth_patterns(struct rng *r, size_t n, double *out)
{
	size_t i;
	int j, pass;

	for (i = 0; i < n; i++) {
		double *img = out + i * IMG_PIXELS, mean = 0, var = 0;
		for (j = 0; j < IMG_PIXELS; j++)
			img[j] = rng_normal(r);
		for (pass = 0; pass < 4; pass++) {
			blur_pass(img, 1);
			blur_pass(img, IMG_SIDE);
		}
		for (j = 0; j < IMG_PIXELS; j++)
			mean += img[j];
		mean /= IMG_PIXELS;
		for (j = 0; j < IMG_PIXELS; j++)
			var += (img[j] - mean) * (img[j] - mean);
		double sd = sqrt(var / IMG_PIXELS);
		/* the article divides by the standard deviation only */
		for (j = 0; j < IMG_PIXELS; j++)
			img[j] /= sd;
	}
}

void roll_columns(const double *img, int shift, double *out)
{
	int y, x;

	for (y = 0; y < IMG_SIDE; y++)
		for (x = 0; x < IMG_SIDE; x++)
			out[y * IMG_SIDE + (x + shift) % IMG_SIDE] =
				img[y * IMG_SIDE + x];
}

/* cos(2 pi k / 16) for k = 0..15, from cos(pi/8) = sqrt(2 + sqrt 2)/2,
 * cos(pi/4) = sqrt(2)/2 and cos(3 pi/8) = sqrt(2 - sqrt 2)/2 */
static void twiddles(double c[IMG_SIDE])
{
	double q[5];
	int k;

	q[0] = 1;
	q[1] = sqrt(2 + sqrt(2.0)) / 2;
	q[2] = sqrt(2.0) / 2;
	q[3] = sqrt(2 - sqrt(2.0)) / 2;
	q[4] = 0;
	/* quarter-wave symmetry carries 0..4 over the whole turn */
	for (k = 0; k < IMG_SIDE; k++) {
		if (k <= 4)
			c[k] = q[k];
		else if (k <= 8)
			c[k] = -q[8 - k];
		else if (k <= 12)
			c[k] = -q[k - 8];
		else
			c[k] = q[16 - k];
	}
}

void dft_magnitude(const double *img, double *out)
{
	double c[IMG_SIDE], re[IMG_PIXELS], im[IMG_PIXELS];
	int y, x, u, v;

	twiddles(c);
	/* along each row: A[y][v] = sum_x img[y][x] e^(-2 pi i v x / 16) */
	for (y = 0; y < IMG_SIDE; y++)
		for (v = 0; v < IMG_SIDE; v++) {
			double sr = 0, si = 0;
			for (x = 0; x < IMG_SIDE; x++) {
				int k = (v * x) % IMG_SIDE;
				double p = img[y * IMG_SIDE + x];
				sr += p * c[k];
				si -= p * c[(k + 12) % IMG_SIDE];
			}
			re[y * IMG_SIDE + v] = sr;
			im[y * IMG_SIDE + v] = si;
		}
	/* along each column: X[u][v] = sum_y A[y][v] e^(-2 pi i u y / 16) */
	for (u = 0; u < IMG_SIDE; u++)
		for (v = 0; v < IMG_SIDE; v++) {
			double sr = 0, si = 0;
			for (y = 0; y < IMG_SIDE; y++) {
				int k = (u * y) % IMG_SIDE;
				double ar = re[y * IMG_SIDE + v];
				double ai = im[y * IMG_SIDE + v];
				double wr = c[k], wi = -c[(k + 12) % IMG_SIDE];
				sr += ar * wr - ai * wi;
				si += ar * wi + ai * wr;
			}
			out[u * IMG_SIDE + v] = sqrt(sr * sr + si * si);
		}
}
