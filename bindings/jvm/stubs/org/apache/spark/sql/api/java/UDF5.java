package org.apache.spark.sql.api.java;

import java.io.Serializable;

/**
 * Spark's interface for a Java function of five columns (spark-sql-api), declared as Spark
 * declares it (unchanged since Spark 1.3) so that the functions compile without Spark's jars.
 * Only for compiling: the jar does not contain it, and Spark's own is used at run time.
 */
public interface UDF5<T1, T2, T3, T4, T5, R> extends Serializable {
    R call(T1 t1, T2 t2, T3 t3, T4 t4, T5 t5) throws Exception;
}
