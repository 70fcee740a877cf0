package org.pufferflow.chain;

import org.ejml.data.DMatrixRMaj;
import org.ejml.data.DMatrixSparseCSC;
import org.ejml.data.DMatrixSparseTriplet;
import org.ejml.interfaces.linsol.LinearSolverSparse;
import org.ejml.ops.DConvertMatrixStruct;
import org.ejml.sparse.FillReducing;
import org.ejml.sparse.csc.factory.LinearSolverFactory_DSCC;
import org.pufferflow.common.PufferPreconditions;

/**
 * The stationary distribution π of an irreducible chain from a sparse LU solve: the same linear system as
 * {@link ChainAnalysis#stationary(double[][])} — (Pᵀ − I)·π = 0 with the last equation replaced by Σπ = 1 — with
 * the matrix in compressed sparse column form, so a grid chain of N states costs about N·w² (w the bandwidth of the
 * state numbering, √N on a row-major grid) instead of N³/3. Not a certified bound: a value for summaries
 * ({@code pufferflow learn}, docs/learn.md), computed to the accuracy of the LU solve; negative round-off is clipped
 * to 0 and π renormalised, as in the dense version.
 */
public final class SparseStationary {

  private SparseStationary() {}

  /** π of the irreducible chain {@code p} (rows of a row-stochastic matrix; only non-zero entries are read). */
  public static double[] of(double[][] p) {
    Ergodicity.checkIrreducible("P", p);
    int k = p.length;
    int nnz = 0;
    for (double[] row : p) {
      for (double x : row) {
        nnz += x != 0 ? 1 : 0;
      }
    }
    DMatrixSparseTriplet t = new DMatrixSparseTriplet(k, k, nnz + 2 * k);
    for (int x = 0; x < k; x++) {
      double diagonal = -1.0;
      for (int y = 0; y < k - 1; y++) {
        if (y == x) {
          diagonal += p[x][y];
        } else if (p[x][y] != 0) {
          t.addItem(y, x, p[x][y]);
        }
      }
      if (x < k - 1) {
        t.addItem(x, x, diagonal);
      }
      t.addItem(k - 1, x, 1.0); // the normalisation row Σπ = 1
    }
    DMatrixSparseCSC a = DConvertMatrixStruct.convert(t, (DMatrixSparseCSC) null);
    DMatrixRMaj b = new DMatrixRMaj(k, 1);
    b.set(k - 1, 0, 1.0);
    DMatrixRMaj sol = new DMatrixRMaj(k, 1);
    LinearSolverSparse<DMatrixSparseCSC, DMatrixRMaj> solver = LinearSolverFactory_DSCC.lu(FillReducing.NONE);
    boolean ok = solver.setA(a);
    PufferPreconditions.checkArgument("P", ok, "P: stationary system is singular (chain not irreducible?)");
    solver.solve(b, sol);
    double[] pi = new double[k];
    double sum = 0;
    for (int x = 0; x < k; x++) {
      pi[x] = Math.max(0.0, sol.get(x, 0));
      sum += pi[x];
    }
    PufferPreconditions.checkArgument("P", sum > 0 && Double.isFinite(sum),
        "P: the stationary solve failed (sum %s)", sum);
    for (int x = 0; x < k; x++) {
      pi[x] /= sum;
    }
    return pi;
  }
}
