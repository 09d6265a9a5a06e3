"""Type stubs of the compiled Cython kernels (src/jigsaw_kernels.pyx)."""

import numpy as np
import numpy.typing as npt

def chain_code(points: npt.NDArray[np.float64], precision: float, u0: float, v0: float,
               rows: int, cols: int) -> npt.NDArray[np.int8]: ...
def ordinates(points: npt.NDArray[np.float64], count: int) -> npt.NDArray[np.float64]: ...
