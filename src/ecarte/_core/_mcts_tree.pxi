# The tree of the games' IS-MCTS searches (``ec_mcts.h``), included by _cycore.pyx.


cdef class _Tree:
    """What the games' IS-MCTS searches share: the array of nodes, which grows as iterations
    are added, its iterations and its nodes used. A game's search points to the tree in its
    C struct (``_fields``) and runs its iterations (``_run``)."""

    def __cinit__(self):
        if type(self) is _Tree:
            raise TypeError("_Tree is the base of a game's search, not a search")
        self.nodes = <ec_mcts_node *>PyMem_Malloc(TREE_NODES * sizeof(ec_mcts_node))
        if self.nodes == NULL:
            raise MemoryError()

    def __dealloc__(self):
        PyMem_Free(self.nodes)

    cdef void _fields(self, ec_mcts_tree *tree) noexcept:
        self.tree = tree

    cdef int _run(self, int n) noexcept nogil:
        return -1  # (never called: each game's search runs its own iterations)

    @property
    def iterations(self):
        return self.tree.iterations

    @property
    def count(self):
        """Nodes in the tree, the root included."""
        return self.tree.count

    def run(self, int n):
        """Run ``n`` more iterations."""
        cdef int err
        cdef Py_ssize_t size
        cdef ec_mcts_node *grown
        if n < 0:
            raise ValueError(f"iterations must be >= 0, not {n}")
        if <Py_ssize_t>self.tree.count + n > self.tree.capacity:
            size = max(2 * <Py_ssize_t>self.tree.capacity, <Py_ssize_t>self.tree.count + n)
            if size > 0x7FFFFFFF:
                raise ValueError("too many iterations for one tree")
            grown = <ec_mcts_node *>PyMem_Realloc(self.nodes, size * sizeof(ec_mcts_node))
            if grown == NULL:
                raise MemoryError()
            self.nodes = grown
            self.tree.nodes = grown
            self.tree.capacity = <int32_t>size
        with nogil:
            err = self._run(n)
        if err != 0:  # the room was made above
            raise MemoryError("the tree has no room for the iterations")
